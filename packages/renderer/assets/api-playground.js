// The try-it form of API reference pages (rendered by src/api/playground.tsx). Plain browser
// JavaScript, no imports: load it with <script src="api-playground.js" defer>. It reads the JSON
// each form embeds, builds the request from the fields, sends it from the reader's browser
// (straight to the API, or through the site's proxy with `api.playground.proxy`) and shows the
// response. Credentials go only to the documented API's exact origin, never to the docs site.
(() => {
  'use strict';
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
        return known ? value(`variable.${index}.${name}`) || known.default : whole;
      });
    };

    const buildRequest = () => {
      const path = data.path.replace(/\{([^}]+)\}/g, (whole, name) => {
        const known = data.parameters.find((parameter) => parameter.in === 'path' && parameter.name === name);
        return known ? encodeURIComponent(value(`path.${name}`)) : whole;
      });
      const url = new URL(baseUrl().replace(/\/+$/, '') + path, location.href);
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

    const showError = (kind, text) => {
      panel.setAttribute('data-error', kind);
      statusNode.textContent = kind === 'cors' ? 'Blocked by CORS' : 'Request failed';
      headersNode.closest('details').hidden = true;
      bodyNode.replaceChildren(element('p', { class: 'dg-playground-error', role: 'alert' }, text));
    };

    const showResponse = async (response, started, isProxied) => {
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

    const corsMessage = (origin) =>
      `The browser blocked this request: the API at ${origin} did not allow a request from this site (${location.origin}) in its CORS policy, ` +
      'or it could not be reached. This is fixed on the API server, not in the documentation: the API must answer, preflight OPTIONS requests included, ' +
      `with Access-Control-Allow-Origin: ${location.origin} (and Access-Control-Allow-Headers listing the headers sent, such as authorization and content-type). ` +
      'Until then, the site owner can set api.playground.proxy to true in docs.json to send requests through the site.';

    const sendDirect = async (request, isDocumented) => {
      const started = performance.now();
      let response;
      try {
        // The reader's cookies for the API go along only when the site asks for it
        // (api.playground.credentials) and only to the documented API.
        const cookies = data.credentials && isDocumented ? 'include' : 'omit';
        response = await fetch(request.url.href, { method: request.method, headers: request.headers, body: request.body, mode: 'cors', credentials: cookies, cache: 'no-store' });
      } catch (error) {
        // Fetch reveals nothing more than a TypeError for a CORS refusal, by design.
        if (error instanceof TypeError && request.url.origin !== location.origin) showError('cors', corsMessage(request.url.origin));
        else showError('network', `The request could not be sent: ${error instanceof Error ? error.message : String(error)}`);
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
        showError('proxy', `The site's proxy at ${data.proxyUrl} could not be reached: ${error instanceof Error ? error.message : String(error)}`);
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
        showError('proxy', failure && failure.message ? `${failure.message}${failure.code ? ` (${failure.code})` : ''}` : `The site's proxy refused the request (status ${response.status}).`);
        return;
      }
      if (marker !== 'upstream') {
        showError('proxy', `This site has no proxy at ${data.proxyUrl} (status ${response.status}): requests through it need docsgen dev or a netlify, vercel or cloudflare deployment; a static host cannot run it.`);
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
        if (data.proxy) await sendThroughProxy(request);
        else await sendDirect(request, isDocumented);
      } catch (error) {
        showError('network', `The response could not be read: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        send.disabled = false;
        form.removeAttribute('aria-busy');
        form.setAttribute('data-sent', String(Number(form.getAttribute('data-sent') || 0) + 1));
      }
    });

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
