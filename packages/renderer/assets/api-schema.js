// Nested fields of API reference pages, one level per click (issue 21). A page draws the top
// level of an operation's fields; each field with fields of its own has a hidden
// `<details data-dg-schema="<schema id>" data-dg-schema-file="<file>" data-dg-field-id="<id>">`.
// This script shows those toggles and, when one opens (click, Enter or Space on its summary),
// fetches the spec's schema file once (`api-schemas-<hash>.json` beside this script) and puts
// the schema's fragment in the toggle's body, with the field's id in place of the token, so a
// reader can follow a cycle as far as they click. A link to a field not drawn yet
// (`#body-customer-address-city`) opens the fields on the way to it.
(function () {
  'use strict';
  var fieldToken = 'dg7sf9q';
  var script = document.currentScript;
  var files = Object.create(null);

  function load(name) {
    if (!files[name]) {
      var url = new URL(name, script && script.src ? script.src : location.href);
      files[name] = fetch(url.href).then(function (response) {
        if (!response.ok) throw new Error('HTTP ' + response.status);
        return response.json();
      });
      files[name].catch(function () {
        delete files[name];
      });
    }
    return files[name];
  }

  function reveal(root) {
    var toggles = root.querySelectorAll('details[data-dg-schema][hidden]');
    for (var index = 0; index < toggles.length; index++) {
      toggles[index].hidden = false;
      if (toggles[index].open) fill(toggles[index]);
    }
  }

  /** Fills a toggle's body from the schema file; resolves once it is there. */
  function fill(details) {
    if (details.dgFilling) return details.dgFilling;
    var body = details.querySelector('.dg-expandable-body');
    // Toggles inside a fragment take the file, the field id and kind of the field around them.
    var field = details.closest('.dg-api-field');
    var holder = details.closest('[data-dg-schema-file]');
    var file = holder ? holder.getAttribute('data-dg-schema-file') : null;
    var fieldId = details.getAttribute('data-dg-field-id') || (field ? field.id : '');
    var kind = details.getAttribute('data-dg-field-kind') || (field ? field.getAttribute('data-field') : 'param');
    if (!details.hasAttribute('data-dg-field-id')) details.setAttribute('data-dg-field-id', fieldId);
    if (!file) {
      body.textContent = 'No fields.';
      return Promise.resolve();
    }
    body.textContent = 'Loading…';
    details.dgFilling = load(file).then(
      function (data) {
        var html = data && data.fragments ? data.fragments[details.getAttribute('data-dg-schema')] : undefined;
        if (typeof html !== 'string') {
          body.textContent = 'No fields.';
          return;
        }
        html = html.split(fieldToken).join(fieldId);
        if (kind === 'response') html = html.split('data-field="param"').join('data-field="response"');
        body.innerHTML = html;
        reveal(body);
      },
      function (error) {
        details.dgFilling = undefined;
        body.textContent = 'Could not load the fields (' + error.message + '). Close and open again to retry.';
      },
    );
    return details.dgFilling;
  }

  document.addEventListener(
    'toggle',
    function (event) {
      var details = event.target;
      if (details instanceof HTMLDetailsElement && details.open && details.hasAttribute('data-dg-schema')) fill(details);
    },
    true,
  );

  /** Opens the fields on the way to the one the address names, then scrolls to it. */
  function seek() {
    var id;
    try {
      id = decodeURIComponent(location.hash.slice(1));
    } catch (error) {
      return;
    }
    if (!id) return;
    var target = document.getElementById(id);
    if (target) {
      if (target.dgSought) target.scrollIntoView();
      return;
    }
    var best;
    var toggles = document.querySelectorAll('details[data-dg-schema]');
    for (var index = 0; index < toggles.length; index++) {
      var owner = toggles[index].closest('.dg-api-field');
      var field = toggles[index].getAttribute('data-dg-field-id') || (owner ? owner.id : '');
      if (!toggles[index].hasAttribute('data-dg-field-id') && field) toggles[index].setAttribute('data-dg-field-id', field);
      if (field && id.indexOf(field + '-') === 0 && (!best || field.length > best.getAttribute('data-dg-field-id').length)) best = toggles[index];
    }
    // Each toggle is tried once per address: a name with no such field stops here.
    if (!best || best.dgSoughtFor === id) return;
    best.dgSoughtFor = id;
    best.open = true;
    fill(best).then(function () {
      var found = document.getElementById(id);
      if (found) {
        found.dgSought = true;
        // After the browser has laid out what was inserted.
        requestAnimationFrame(function () {
          found.scrollIntoView({ block: 'center' });
        });
      } else seek();
    });
  }

  function start() {
    reveal(document);
    seek();
  }
  window.addEventListener('hashchange', seek);
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
