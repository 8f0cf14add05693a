// The try-it form of API reference pages (rendered by src/api/playground.tsx). A browser ES
// module: load it with <script type="module" src="api-playground.js">. Its one import,
// `api-samples.js`, is the request-sample generator of @docsgen/openapi-pages
// (`dist/sample-writers.js`, served under that name), so the samples this script writes are
// the ones the server writes. The method bar's "Try it" button opens the form's modal dialog
// (focus kept inside, Escape closes it), which borrows the page's request samples and
// response examples while it is open. The script reads the JSON each form embeds, builds the
// request from the fields, writes the request samples and the URL again as the reader types,
// sends the request from the reader's browser (straight to the API, or through the site's
// proxy with `api.playground.proxy`) and shows the response. Credentials go only to the
// documented API's exact origin, never to the docs site, and never into the samples.
import { sampleWriters } from './api-samples.js';

(() => {
  const STORE = 'docsgen:playground:';

  const read = (key) => {
    try {
      return localStorage.getItem(STORE + key);
    } catch {
      return null;
    }
  };
  const write = (key, value) => {
    try {
      localStorage.setItem(STORE + key, value);
    } catch {
      // Storage may be disabled: the form still works, the reader types again next time.
    }
  };

  const element = (name, attributes, text) => {
    const node = document.createElement(name);
    for (const [key, value] of Object.entries(attributes || {})) node.setAttribute(key, value);
    if (text !== undefined) node.textContent = text;
    return node;
  };

  /** Base64 of bytes, in chunks (a spread of a large array overflows the call stack). */
  const base64 = (bytes) => {
    let binary = '';
    for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
    return btoa(binary);
  };

  // Credentials are stored per docs site origin and auth kind (and header name for `key`).
  const authKey = (auth) => `auth:${location.origin}:${auth.method}${auth.method === 'key' ? ':' + (auth.name || '') : ''}`;
  const authFields = { bearer: ['token'], basic: ['username', 'password'], key: ['key'], none: [] };

  /**
   * Puts `text` into a (highlighted) code element. When the change lies inside one text node
   * (typing in one field changes one string literal), only that node changes and the
   * highlighting stays; otherwise the code becomes plain text.
   */
  const setCode = (code, text) => {
    const old = code.textContent;
    if (old === text) return;
    let start = 0;
    while (start < old.length && start < text.length && old[start] === text[start]) start += 1;
    let end = 0;
    while (end < old.length - start && end < text.length - start && old[old.length - 1 - end] === text[text.length - 1 - end]) end += 1;
    const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
    let offset = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const length = node.data.length;
      if (start >= offset && old.length - end <= offset + length) {
        node.data = node.data.slice(0, start - offset) + text.slice(start, text.length - end) + node.data.slice(old.length - end - offset);
        return;
      }
      if (offset + length > start) break;
      offset += length;
    }
    code.textContent = text;
  };

  // --- the dialog ---
  const focusable = (root) =>
    [...root.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])')].filter(
      (item) => !item.disabled && !item.closest('[hidden]') && item.getClientRects().length > 0,
    );

  /**
   * Opens `dialog` modally from `opener`: the blocks named in `borrowed` (slot name → element)
   * move into the dialog's slots and go back to their place when it closes, and `onOpen` runs;
   * focus goes to the first field, stays inside while open (Tab wraps) and returns to `opener`
   * on close.
   */
  const setUpDialog = (dialog, opener, borrowed, onOpen) => {
    const homes = new Map();
    const open = () => {
      for (const [slot, block] of borrowed) {
        const target = dialog.querySelector(`[data-dg-playground-slot="${slot}"]`);
        if (!block || !target) continue;
        const marker = document.createComment('dg-playground-home');
        block.before(marker);
        homes.set(block, marker);
        target.append(block);
      }
      onOpen();
      dialog.showModal();
      document.documentElement.setAttribute('data-dg-dialog-open', '');
      const first = focusable(dialog.querySelector('.dg-playground-inputs')).find((item) => item.matches('input, select, textarea'));
      (first || dialog.querySelector('.dg-playground-send')).focus();
    };
    dialog.addEventListener('close', () => {
      for (const [block, marker] of homes) marker.replaceWith(block);
      homes.clear();
      document.documentElement.removeAttribute('data-dg-dialog-open');
      opener.focus();
    });
    dialog.addEventListener('keydown', (event) => {
      if (event.key !== 'Tab') return;
      const items = focusable(dialog);
      if (items.length === 0) return;
      const first = items[0];
      const last = items[items.length - 1];
      if (event.shiftKey && (document.activeElement === first || !dialog.contains(document.activeElement))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !dialog.contains(document.activeElement))) {
        event.preventDefault();
        first.focus();
      }
    });
    // A click on the backdrop (the dialog element itself, outside its box) closes it.
    dialog.addEventListener('click', (event) => {
      if (event.target !== dialog) return;
      const box = dialog.getBoundingClientRect();
      const isInside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
      if (!isInside) dialog.close();
    });
    dialog.querySelector('[data-dg-playground-close]')?.addEventListener('click', () => dialog.close());
    opener.addEventListener('click', open);
    opener.hidden = false;
  };

  const enhance = (form) => {
    let data;
    try {
      data = JSON.parse(form.querySelector('script[data-dg-playground-data]').textContent);
    } catch {
      return;
    }
    const control = (name) => form.elements.namedItem(name);
    const value = (name) => {
      const item = control(name);
      return item && !item.disabled && typeof item.value === 'string' ? item.value : '';
    };
    const send = form.querySelector('.dg-playground-send');
    const notice = form.querySelector('[data-dg-playground-notice]');
    const panel = form.querySelector('[data-dg-playground-response]');
    const statusNode = panel.querySelector('[data-dg-playground-status]');
    const timeNode = panel.querySelector('[data-dg-playground-time]');
    const headersNode = panel.querySelector('[data-dg-playground-headers]');
    const bodyNode = panel.querySelector('[data-dg-playground-body]');
    let objectUrl;

    // Groups that are not shown are disabled too, so their required fields do not block sending.
    const showOnly = (selector, attribute, index) => {
      for (const group of form.querySelectorAll(selector)) {
        const isShown = group.getAttribute(attribute) === String(index);
        group.hidden = !isShown;
        for (const item of group.querySelectorAll('input, select, textarea')) item.disabled = !isShown;
      }
    };

    const envSelect = form.querySelector('[data-dg-playground-env]');
    const environmentIndex = () => (envSelect ? Number(envSelect.value) || 0 : 0);
    const showEnvironment = () => showOnly('[data-dg-playground-variables]', 'data-dg-playground-variables', environmentIndex());
    if (envSelect) {
      const saved = data.environments.findIndex((environment) => environment.url === read('environment'));
      if (saved >= 0) envSelect.value = String(saved);
      envSelect.addEventListener('change', () => {
        write('environment', data.environments[environmentIndex()].url);
        showEnvironment();
      });
    }
    showEnvironment();

    const mediaSelect = form.querySelector('[data-dg-playground-media]');
    const mediaIndex = () => (mediaSelect ? Number(mediaSelect.value) || 0 : 0);
    const showMedia = () => showOnly('[data-dg-playground-body-editor]', 'data-dg-playground-body-editor', mediaIndex());
    mediaSelect?.addEventListener('change', showMedia);
    showMedia();
    // A body editor that shows its example as a placeholder takes it as its text on request.
    for (const button of form.querySelectorAll('[data-dg-playground-example]')) {
      button.addEventListener('click', () => {
        const editor = document.getElementById(button.getAttribute('data-dg-playground-example'));
        if (!editor) return;
        editor.value = editor.placeholder;
        editor.focus();
      });
    }

    const credentialNames = (authFields[data.auth.method] || []).map((name) => `auth.${name}`);
    let saved = {};
    try {
      saved = JSON.parse(read(authKey(data.auth)) || '{}') || {};
    } catch {
      // A damaged entry is replaced on the next input.
    }
    for (const name of credentialNames) {
      const input = control(name);
      if (!input) continue;
      if (typeof saved[name] === 'string' && input.value === '') input.value = saved[name];
      input.addEventListener('input', () => {
        write(authKey(data.auth), JSON.stringify(Object.fromEntries(credentialNames.map((item) => [item, value(item)]))));
      });
    }

    const baseUrl = () => {
      const environment = data.environments[environmentIndex()] || { url: '', variables: [] };
      if (!environment.template) return environment.url;
      const index = environmentIndex();
      return environment.template.replace(/\{([^}]+)\}/g, (whole, name) => {
        const known = environment.variables.find((variable) => variable.name === name);
        // A variable left empty stays `{name}`: the bar and samples show what is still to fill in.
        return known ? value(`variable.${index}.${name}`) || known.default || whole : whole;
      });
    };

    /** The request URL as the fields describe it; in samples (`isSample`), an empty path parameter stays `{name}`. */
    const requestUrl = (isSample) => {
      const path = data.path.replace(/\{([^}]+)\}/g, (whole, name) => {
        const known = data.parameters.find((parameter) => parameter.in === 'path' && parameter.name === name);
        if (!known) return whole;
        const text = value(`path.${name}`);
        return isSample && text === '' ? whole : encodeURIComponent(text);
      });
      return baseUrl().replace(/\/+$/, '') + path;
    };

    const buildRequest = () => {
      const url = new URL(requestUrl(false), location.href);
      const headers = {};
      for (const parameter of data.parameters) {
        const text = value(`${parameter.in}.${parameter.name}`);
        if (text === '') continue;
        if (parameter.in === 'query') {
          for (const item of parameter.isArray ? text.split(',') : [text]) url.searchParams.append(parameter.name, item.trim());
        } else if (parameter.in === 'header') headers[parameter.name] = text;
      }
      let body;
      const media = data.body[mediaIndex()];
      if (media && data.method !== 'GET' && data.method !== 'HEAD') {
        const prefix = `body.${mediaIndex()}`;
        if (media.kind === 'json' || media.kind === 'text') {
          body = value(prefix);
          headers['Content-Type'] = media.mediaType;
        } else if (media.kind === 'file') {
          const file = control(prefix)?.files?.[0];
          if (file) {
            body = file;
            headers['Content-Type'] = media.mediaType;
          }
        } else if (media.kind === 'form') {
          body = new URLSearchParams();
          for (const field of media.fields) {
            const text = value(`${prefix}.${field.name}`);
            if (text !== '') body.append(field.name, text);
          }
          headers['Content-Type'] = media.mediaType;
        } else {
          // Multipart: the browser writes the Content-Type with its boundary.
          body = new FormData();
          for (const field of media.fields) {
            const input = control(`${prefix}.${field.name}`);
            if (!input || input.disabled) continue;
            if (field.isFile) for (const file of input.files || []) body.append(field.name, file, file.name);
            else if (input.value !== '') body.append(field.name, input.value);
          }
        }
      }
      return { method: data.method, url, headers, body };
    };

    /**
     * The request the samples show: what `buildRequest` sends, with the credential placeholders
     * of the spec instead of what the reader typed, and the body example while the editor is empty.
     */
    const sampleRequest = () => {
      const query = new URLSearchParams();
      const headers = [...data.sampleCredentials.headers];
      for (const parameter of data.parameters) {
        const text = value(`${parameter.in}.${parameter.name}`);
        if (text === '') continue;
        if (parameter.in === 'query') for (const item of parameter.isArray ? text.split(',') : [text]) query.append(parameter.name, item.trim());
        else if (parameter.in === 'header') headers.push([parameter.name, text]);
      }
      for (const [name, text] of data.sampleCredentials.query) query.append(name, text);
      const search = query.toString();
      let body;
      const media = data.body[mediaIndex()];
      if (media) {
        const prefix = `body.${mediaIndex()}`;
        headers.push(['Content-Type', media.mediaType]);
        if (media.kind === 'json' || media.kind === 'text') {
          const editor = control(prefix);
          const text = value(prefix) || (editor && editor.placeholder) || '';
          if (media.kind === 'json') {
            try {
              body = { kind: 'json', value: JSON.parse(text === '' ? '{}' : text) };
            } catch {
              body = { kind: 'text', text };
            }
          } else body = { kind: 'text', text };
        } else if (media.kind === 'file') {
          const file = control(prefix)?.files?.[0];
          body = { kind: 'text', text: file ? `@${file.name}` : '' };
        } else {
          const fields = [];
          for (const field of media.fields) {
            const input = control(`${prefix}.${field.name}`);
            if (!input || input.disabled) continue;
            if (field.isFile) for (const file of input.files || []) fields.push([field.name, `@${file.name}`]);
            else if (input.value !== '') fields.push([field.name, input.value]);
          }
          body = { kind: media.kind, fields };
        }
      }
      return { method: data.method, url: requestUrl(true) + (search ? `?${search}` : ''), headers, body };
    };

    const urlNode = form.querySelector('[data-dg-playground-url]');
    const samplesNode = document.getElementById(data.parts.samples);
    /** Writes the URL of the bar and the generated request samples again from the fields. */
    const refresh = () => {
      const request = sampleRequest();
      if (urlNode) urlNode.textContent = request.url;
      if (!samplesNode) return;
      const blocks = [...samplesNode.querySelectorAll('.dg-code')];
      data.samples.forEach((format, index) => {
        const code = blocks[index]?.querySelector('.dg-code-body pre > code') || blocks[index]?.querySelector('.dg-code-body pre');
        if (format && code && Object.hasOwn(sampleWriters, format)) setCode(code, sampleWriters[format](request));
      });
    };
    let isRefreshQueued = false;
    const queueRefresh = () => {
      if (isRefreshQueued) return;
      isRefreshQueued = true;
      requestAnimationFrame(() => {
        isRefreshQueued = false;
        refresh();
      });
    };
    form.addEventListener('input', queueRefresh);
    form.addEventListener('change', queueRefresh);

    const credentialHeaders = () => {
      const auth = data.auth;
      if (auth.method === 'bearer' && value('auth.token')) return { Authorization: `Bearer ${value('auth.token')}` };
      if (auth.method === 'basic' && (value('auth.username') || value('auth.password'))) {
        const bytes = new TextEncoder().encode(`${value('auth.username')}:${value('auth.password')}`);
        return { Authorization: `Basic ${base64(bytes)}` };
      }
      if (auth.method === 'key' && value('auth.key')) return { [auth.name || 'X-API-Key']: value('auth.key') };
      return {};
    };

    const say = (text) => {
      notice.textContent = text;
      notice.hidden = text === '';
    };

    const reset = () => {
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      objectUrl = undefined;
      panel.hidden = false;
      panel.removeAttribute('data-status');
      panel.removeAttribute('data-error');
      statusNode.textContent = '';
      timeNode.textContent = '';
      headersNode.textContent = '';
      headersNode.closest('details').hidden = false;
      bodyNode.replaceChildren();
    };

    /** A failed request: what happened in one sentence, what to do about it behind "Details". */
    const showError = (kind, summary, details) => {
      panel.setAttribute('data-error', kind);
      statusNode.textContent = 'Request failed';
      headersNode.closest('details').hidden = true;
      const parts = [element('p', { class: 'dg-playground-error', role: 'alert' }, summary)];
      if (details) {
        const more = element('details', { class: 'dg-playground-error-details' });
        more.append(element('summary', {}, 'Details'), ...details.map((text) => element('p', {}, text)));
        parts.push(more);
      }
      bodyNode.replaceChildren(...parts);
    };

    // The page's own `<RequestExample>`/`<ResponseExample>`, when they replace the operation's.
    const pageExample = (kind) => ((data.pageExamples || []).includes(kind) ? document.querySelector(`[data-example="${kind}"]`) : null);
    const responsesNode = document.getElementById(data.parts.responses) || pageExample('response');

    /** Shows the response example of `status` (or of its class, `4XX`), when there is one. */
    const showExampleOf = (status) => {
      const examples = responsesNode;
      const tabs = examples ? [...examples.querySelectorAll('.dg-tabs-list > .dg-tab')] : [];
      const code = String(status);
      const tab = tabs.find((item) => item.dataset.label === code) || tabs.find((item) => (item.dataset.label || '').toUpperCase() === `${code[0]}XX`);
      if (tab && tab.getAttribute('aria-selected') !== 'true') tab.click();
    };

    const showResponse = async (response, started, isProxied) => {
      showExampleOf(response.status);
      timeNode.textContent = `${Math.round(performance.now() - started)} ms`;
      panel.setAttribute('data-status', String(response.status));
      statusNode.textContent = `${response.status} ${response.statusText}`.trim();
      headersNode.textContent = [...response.headers]
        .filter(([name]) => !(isProxied && name === 'x-docsgen-proxy'))
        .map(([name, text]) => `${name}: ${text}`)
        .join('\n');
      const type = (response.headers.get('content-type') || '').toLowerCase();
      const blob = await response.blob();
      timeNode.textContent = `${Math.round(performance.now() - started)} ms`;
      if (blob.size === 0) {
        bodyNode.replaceChildren(element('p', { class: 'dg-playground-empty' }, 'Empty body'));
      } else if (/^image\//.test(type)) {
        objectUrl = URL.createObjectURL(blob);
        bodyNode.replaceChildren(element('img', { src: objectUrl, alt: `Response image (${type})` }));
      } else if (/[/+]json\b/.test(type)) {
        const text = await blob.text();
        let pretty = text;
        try {
          pretty = JSON.stringify(JSON.parse(text), null, 2);
        } catch {
          // Not valid JSON after all: shown as sent.
        }
        bodyNode.replaceChildren(element('pre', { 'data-type': 'json' }, pretty));
      } else if (type === '' || /^text\/|[/+]xml\b|javascript|x-www-form-urlencoded/.test(type)) {
        bodyNode.replaceChildren(element('pre', { 'data-type': 'text' }, await blob.text()));
      } else {
        bodyNode.replaceChildren(element('p', { class: 'dg-playground-binary' }, `${type || 'Binary'} body, ${blob.size} bytes`));
      }
    };

    const corsAdvice = (origin) => [
      `The browser refuses to show a response from ${origin} to a page of ${location.origin} unless the API allows it. ` +
        `This is fixed on the API server, not in the documentation: the API must answer, preflight OPTIONS requests included, with Access-Control-Allow-Origin: ${location.origin} ` +
        '(and Access-Control-Allow-Headers listing the headers sent, such as authorization and content-type).',
      'Until then, the site owner can set api.playground.proxy to true in docs.json to send requests through the site.',
    ];

    /**
     * Why a direct request failed. Fetch says no more than "TypeError" for a CORS refusal and for
     * an API that cannot be reached, by design; a `no-cors` HEAD request to the API's origin
     * (which needs no permission and has no effect on the API) tells the two apart: it gets an
     * answer only when the server is there.
     */
    const explainDirectFailure = async (url, error) => {
      const origin = url.origin;
      const reason = error instanceof Error ? error.message : String(error);
      if (location.protocol === 'https:' && url.protocol === 'http:') {
        showError('mixed-content', `The browser blocked this request: this page is served over HTTPS and ${origin} uses plain HTTP.`, [
          `An HTTPS page may not call an HTTP address (mixed content). Use the API's https:// address. Browser message: ${reason}`,
        ]);
        return;
      }
      const probe = new AbortController();
      const timer = setTimeout(() => probe.abort(), 5000);
      let isReachable = false;
      try {
        await fetch(`${origin}/`, { method: 'HEAD', mode: 'no-cors', credentials: 'omit', cache: 'no-store', signal: probe.signal });
        isReachable = true;
      } catch {
        // Not reachable either: a DNS, connection or TLS failure.
      } finally {
        clearTimeout(timer);
      }
      if (isReachable) {
        showError('cors', `${origin} answered, but its CORS policy does not let this site read the response.`, [...corsAdvice(origin), `Browser message: ${reason}`]);
      } else {
        showError('unreachable', `${origin} could not be reached: its name did not resolve, or nothing accepted the connection.`, [
          'Check the address and the environment chosen above, and that the API is running and reachable from this computer (VPN, firewall, TLS certificate).',
          `Browser message: ${reason}`,
        ]);
      }
    };

    /** The proxy's error (`{ error: { code, message, cause } }`) in one sentence. */
    const proxySummary = (failure, origin) => {
      const host = (() => {
        try {
          return new URL(origin).hostname;
        } catch {
          return origin;
        }
      })();
      switch (failure.cause) {
        case 'dns':
          return `The name ${host} could not be found (DNS): check the API's address.`;
        case 'refused':
          return `Nothing accepted the connection at ${origin}: the API is not running there, or a firewall refuses it.`;
        case 'reset':
          return `${origin} closed the connection before answering.`;
        case 'tls':
          return `The secure connection to ${origin} failed: its TLS certificate was not accepted.`;
        case 'timeout':
          return `${origin} did not answer in time.`;
        default:
          if (failure.code === 'proxy-target-refused') return `The site's proxy does not send requests to ${origin}.`;
          return `The site's proxy could not complete the request to ${origin}.`;
      }
    };

    const sendDirect = async (request, isDocumented) => {
      const started = performance.now();
      let response;
      try {
        // The reader's cookies for the API go along only when the site asks for it
        // (api.playground.credentials) and only to the documented API.
        const cookies = data.credentials && isDocumented ? 'include' : 'omit';
        response = await fetch(request.url.href, { method: request.method, headers: request.headers, body: request.body, mode: 'cors', credentials: cookies, cache: 'no-store' });
      } catch (error) {
        if (error instanceof TypeError && request.url.origin !== location.origin) await explainDirectFailure(request.url, error);
        else showError('network', 'The request could not be sent.', [`Browser message: ${error instanceof Error ? error.message : String(error)}`]);
        return;
      }
      await showResponse(response, started, false);
    };

    const sendThroughProxy = async (request) => {
      let bytes = null;
      if (request.body !== undefined) {
        // A Request serialises any body (form data with its boundary, URL parameters, a file) to bytes.
        const encoded = new Request(location.href, { method: 'POST', body: request.body });
        const type = encoded.headers.get('content-type');
        if (type && !Object.keys(request.headers).some((name) => name.toLowerCase() === 'content-type')) request.headers['Content-Type'] = type;
        bytes = new Uint8Array(await encoded.arrayBuffer());
      }
      const proxyUrl = new URL(data.proxyUrl, location.href).href;
      const started = performance.now();
      let response;
      try {
        response = await fetch(proxyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ method: request.method, url: request.url.href, headers: request.headers, body: bytes ? base64(bytes) : null }),
          credentials: 'omit',
          cache: 'no-store',
        });
      } catch (error) {
        showError('proxy', `The site's proxy at ${data.proxyUrl} could not be reached.`, [`Browser message: ${error instanceof Error ? error.message : String(error)}`]);
        return;
      }
      const marker = response.headers.get('x-docsgen-proxy');
      if (marker === 'error') {
        let failure;
        try {
          failure = (await response.json()).error;
        } catch {
          // No JSON: the status says enough.
        }
        if (failure && failure.message) {
          showError(failure.cause || 'proxy', proxySummary(failure, request.url.origin), [`${failure.message}${failure.code ? ` (${failure.code})` : ''}`]);
        } else showError('proxy', `The site's proxy refused the request (status ${response.status}).`);
        return;
      }
      if (marker !== 'upstream') {
        showError('proxy', `This site has no proxy at ${data.proxyUrl} (status ${response.status}).`, [
          'Requests through the proxy need docsgen dev or a netlify, vercel or cloudflare deployment; a static host cannot run it.',
        ]);
        return;
      }
      await showResponse(response, started, true);
    };

    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      if (send.disabled) return;
      const request = buildRequest();
      const credentials = credentialHeaders();
      const hasCredentials = Object.keys(credentials).length > 0;
      const origin = request.url.origin;
      const isDocumented = data.origins.includes(origin) && origin !== location.origin;
      if (hasCredentials && isDocumented) Object.assign(request.headers, credentials);
      say(
        hasCredentials && !isDocumented
          ? `Credentials were not sent: ${origin} is not the documented API (${data.origins.join(', ') || 'none'}). They go only to the documented origin.`
          : '',
      );
      reset();
      statusNode.textContent = 'Sending…';
      send.disabled = true;
      form.setAttribute('aria-busy', 'true');
      try {
        // The proxy forwards only to the documented origins: a host the reader typed (a server
        // variable) is tried straight from the browser, without credentials, not refused.
        if (data.proxy && isDocumented) await sendThroughProxy(request);
        else await sendDirect(request, isDocumented);
      } catch (error) {
        showError('network', `The response could not be read: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        send.disabled = false;
        form.removeAttribute('aria-busy');
        form.setAttribute('data-sent', String(Number(form.getAttribute('data-sent') || 0) + 1));
      }
    });

    const dialog = form.closest('dialog');
    const opener = dialog && document.querySelector(`[data-dg-tryit="${CSS.escape(dialog.id)}"]`);
    if (dialog && opener) {
      // From the moment the form is open, the samples show the request it sends (until then,
      // the spec's examples of every parameter, as the server wrote them). The page's own
      // examples come along as they are written.
      setUpDialog(
        dialog,
        opener,
        [
          ['samples', samplesNode || pageExample('request')],
          ['responses', responsesNode],
        ],
        refresh,
      );
    }
    if (urlNode) urlNode.textContent = sampleRequest().url;
    form.querySelector('[data-dg-playground-nojs]')?.setAttribute('hidden', '');
    send.disabled = false;
    form.setAttribute('data-enhanced', '');
  };

  const start = () => {
    for (const form of document.querySelectorAll('form[data-dg-playground]:not([data-enhanced])')) enhance(form);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
