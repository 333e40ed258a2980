// One entity, its properties typed: insert, update (If-Match its ETag) and delete. A 412
// UpdateConditionNotSatisfied means someone changed the entity since it was read: shown as a conflict.
import { h, clear } from './dom.js';
import * as client from './client.js';
import { showError } from './main.js';
import { TYPES, check, entityJson, entityPath } from './edm.js';

export function editorView(host, table, entity, done) {
  const isNew = entity === null;
  const pk = h('input', { type: 'text', name: 'pk', value: isNew ? '' : entity.partitionKey, readOnly: !isNew, required: true });
  const rk = h('input', { type: 'text', name: 'rk', value: isNew ? '' : entity.rowKey, readOnly: !isNew, required: true });
  const rows = h('tbody', { id: 'property-rows' });
  const message = h('div', { id: 'editor-message' });
  const form = h('form', { id: 'entity-editor' },
    h('h3', {}, isNew ? 'New entity' : 'Entity'),
    h('div', { class: 'row' }, h('label', {}, 'PartitionKey ', pk), h('label', {}, 'RowKey ', rk)),
    !isNew && h('div', { class: 'muted' }, `ETag ${entity.etag}`),
    h('table', { class: 'grid' }, h('thead', {}, h('tr', {}, h('th', {}, 'Name'), h('th', {}, 'Type'), h('th', {}, 'Value'), h('th', {}))), rows),
    h('div', { class: 'row' },
      h('button', { type: 'button', id: 'add-property', onclick: () => addRow({ name: '', type: 'Edm.String', value: '' }) }, 'Add property'),
      h('button', { type: 'submit', id: 'save-entity' }, isNew ? 'Insert' : 'Save'),
      !isNew && h('button', { type: 'button', id: 'delete-entity', onclick: remove }, 'Delete'),
      h('button', { type: 'button', onclick: () => { clear(host); } }, 'Close')),
    message);
  for (const p of isNew ? [] : entity.properties) addRow(p);
  form.addEventListener('submit', e => { e.preventDefault(); save(); });
  host.append(h('section', {}, form));

  function addRow({ name, type, value }) {
    const select = h('select', { name: 'type' }, TYPES.map(t => h('option', { value: t, selected: t === type }, t.replace('Edm.', ''))));
    const row = h('tr', { class: 'property' },
      h('td', {}, h('input', { type: 'text', name: 'name', value: name })),
      h('td', {}, select),
      h('td', {}, h('input', { type: 'text', name: 'value', value, class: 'wide' })),
      h('td', {}, h('button', { type: 'button', onclick: () => row.remove() }, 'Remove')));
    rows.append(row);
  }

  function properties() {
    const list = [];
    for (const row of rows.querySelectorAll('tr.property')) {
      const name = row.querySelector('[name=name]').value.trim();
      const type = row.querySelector('[name=type]').value;
      const value = row.querySelector('[name=value]').value;
      if (!name) continue;
      const wrong = check(type, value);
      if (wrong) throw new Error(`${name}: ${wrong}.`);
      list.push({ name, type, value });
    }
    return list;
  }

  async function save() {
    clear(message);
    showError(null);
    let body;
    try {
      body = entityJson(pk.value, rk.value, properties());
    } catch (invalid) {
      showError(invalid);
      return;
    }
    const account = client.account();
    try {
      if (isNew) {
        await client.call('table', 'POST', `/${account}/${table}`, {
          contentType: 'application/json', headers: { Accept: 'application/json;odata=nometadata', Prefer: 'return-no-content' },
          body: new TextEncoder().encode(body),
        });
      } else {
        await client.call('table', 'PUT', entityPath(account, table, pk.value, rk.value), {
          contentType: 'application/json', headers: { Accept: 'application/json;odata=nometadata', 'If-Match': entity.etag },
          body: new TextEncoder().encode(body),
        });
      }
      done();
    } catch (error) {
      refused(error);
    }
  }

  async function remove() {
    if (!confirm(`Delete entity (${entity.partitionKey}, ${entity.rowKey})?`)) return;
    try {
      await client.call('table', 'DELETE', entityPath(client.account(), table, entity.partitionKey, entity.rowKey), {
        headers: { Accept: 'application/json;odata=nometadata', 'If-Match': entity.etag },
      });
      done();
    } catch (error) {
      refused(error);
    }
  }

  function refused(error) {
    if (error.isConflict) {
      clear(message).append(h('div', { class: 'conflict', id: 'conflict' },
        h('strong', {}, 'Conflict: '), 'this entity was changed by someone else since it was read ',
        `(${error.status} ${error.code}). Nothing was written. Close and reopen it to see the current version.`));
      return;
    }
    showError(error);
  }
}
