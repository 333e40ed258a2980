// Tables: list, create, delete (confirmed), and open one's entities.
import { h, clear, field } from './dom.js';
import * as client from './client.js';
import { showError } from './main.js';
import { entitiesView } from './entities.js';

const JSON_NO_METADATA = 'application/json;odata=nometadata';

export function tablesView(main) {
  const list = h('ul', { class: 'list', id: 'table-list' });
  const create = h('form', { class: 'row', id: 'create-table' },
    h('input', { type: 'text', name: 'name', placeholder: 'new table name', required: true }),
    h('button', { type: 'submit' }, 'Create table'));
  create.addEventListener('submit', async e => {
    e.preventDefault();
    try {
      await client.call('table', 'POST', `/${client.account()}/Tables`, {
        contentType: 'application/json', headers: { Accept: JSON_NO_METADATA, Prefer: 'return-no-content' },
        body: new TextEncoder().encode(JSON.stringify({ TableName: field(create, 'name').trim() })),
      });
      create.reset();
      await refresh();
    } catch (error) {
      showError(error);
    }
  });
  const section = h('section', {}, h('h2', {}, 'Tables'), create, list);
  main.append(section);

  async function refresh() {
    const names = [];
    let next;
    try {
      do {
        const page = await client.call('table', 'GET', `/${client.account()}/Tables`, {
          query: { NextTableName: next }, headers: { Accept: JSON_NO_METADATA },
        });
        names.push(...JSON.parse(page.text).value.map(t => t.TableName));
        next = page.headers.get('x-ms-continuation-NextTableName');
      } while (next);
    } catch (error) {
      showError(error);
      return;
    }
    clear(list);
    if (names.length === 0) list.append(h('li', { class: 'muted' }, 'No tables yet.'));
    for (const name of names) {
      list.append(h('li', { dataset: { table: name } },
        h('button', { type: 'button', class: 'link open-table', onclick: () => openTable(name) }, name),
        h('button', { type: 'button', class: 'delete-table', onclick: () => remove(name) }, 'Delete')));
    }
  }

  function openTable(name) {
    clear(main);
    entitiesView(main, name, () => {
      clear(main);
      tablesView(main);
    });
  }

  async function remove(name) {
    if (!confirm(`Delete table ${name} and every entity in it?`)) return;
    try {
      await client.call('table', 'DELETE', `/${client.account()}/Tables('${encodeURIComponent(name)}')`,
        { headers: { Accept: JSON_NO_METADATA } });
      await refresh();
    } catch (error) {
      showError(error);
    }
  }

  refresh();
}
