// A table's entities: a page at a time over continuation tokens, a query box ($filter, $select,
// $top) that shows each page's query plan and how many entities it read against returned, and
// the entity editor.
import { h, clear, field } from './dom.js';
import * as client from './client.js';
import { showError } from './main.js';
import { parseJson, entityOf } from './edm.js';
import { editorView } from './editor.js';

const FULL_METADATA = 'application/json;odata=fullmetadata';

export function entitiesView(main, table, back) {
  const query = h('form', { class: 'row', id: 'query' },
    h('input', { type: 'text', name: 'filter', class: 'wide', placeholder: "$filter, e.g. PartitionKey eq 'a' and Age gt 30" }),
    h('input', { type: 'text', name: 'select', placeholder: '$select' }),
    h('input', { type: 'text', name: 'top', placeholder: '$top', size: 5 }),
    h('button', { type: 'submit' }, 'Query'));
  const plan = h('div', { class: 'plan', id: 'plan', hidden: true });
  const grid = h('div', { id: 'grid' });
  const previous = h('button', { type: 'button', id: 'previous-page', disabled: true }, 'Previous page');
  const next = h('button', { type: 'button', id: 'next-page', disabled: true }, 'Next page');
  const pageLabel = h('span', { id: 'page-number', class: 'muted' });
  const editor = h('div', { id: 'editor-host' });
  main.append(h('section', {},
    h('div', { class: 'row' }, h('button', { type: 'button', class: 'link', onclick: back }, '← Tables'),
      h('h2', { id: 'table-name' }, table),
      h('button', { type: 'button', id: 'new-entity', onclick: () => edit(null) }, 'New entity')),
    query, plan, grid, h('div', { class: 'row' }, previous, next, pageLabel)), editor);

  // The continuation each page starts from: [0] is the first page's (none).
  let starts = [null];
  let page = 0;
  let options = {};

  query.addEventListener('submit', e => {
    e.preventDefault();
    options = { $filter: field(query, 'filter').trim(), $select: field(query, 'select').trim(), $top: field(query, 'top').trim() };
    starts = [null];
    page = 0;
    load();
  });
  next.addEventListener('click', () => { page += 1; load(); });
  previous.addEventListener('click', () => { page -= 1; load(); });

  async function load() {
    showError(null);
    const start = starts[page];
    let result;
    try {
      result = await client.call('table', 'GET', `/${client.account()}/${table}()`, {
        query: { ...options, NextPartitionKey: start && start.pk, NextRowKey: start && start.rk },
        headers: { Accept: FULL_METADATA },
      });
    } catch (error) {
      showError(error);
      return;
    }
    const pk = result.headers.get('x-ms-continuation-NextPartitionKey');
    starts.length = page + 1;
    if (pk) starts.push({ pk, rk: result.headers.get('x-ms-continuation-NextRowKey') });
    next.disabled = !pk;
    previous.disabled = page === 0;
    pageLabel.textContent = `page ${page + 1}`;
    showPlan(result.headers);
    const parsed = parseJson(result.text);
    render(parsed.value.value.map(raw => entityOf(raw, parsed.isDouble)));
  }

  function showPlan(headers) {
    // The plan is its class, then what it reads: PARTITION_SCAN(pk='a'), TABLE_SCAN | FILTER ...
    const explained = headers.get('x-cerulean-query-plan');
    plan.hidden = !explained;
    const queryClass = explained ? explained.split(/[(\s|]/)[0] : '';
    clear(plan).append(
      h('span', {}, 'Query class: '), h('strong', { id: 'plan-class' }, queryClass),
      h('span', { class: 'muted', id: 'plan-detail' }, explained && explained.length > queryClass.length ? ` ${explained.slice(queryClass.length)}` : ''),
      h('span', {}, ' · entities read: '), h('strong', { id: 'plan-read' }, headers.get('x-cerulean-entities-read') || '?'),
      h('span', {}, ', returned: '), h('strong', { id: 'plan-returned' }, headers.get('x-cerulean-entities-returned') || '?'));
  }

  function render(entities) {
    const names = [];
    for (const entity of entities) {
      for (const p of entity.properties) if (!names.includes(p.name)) names.push(p.name);
    }
    const head = h('tr', {}, h('th', {}, 'PartitionKey'), h('th', {}, 'RowKey'), h('th', {}, 'Timestamp'),
      names.map(n => h('th', {}, n)));
    const rows = entities.map(entity => h('tr', {
      class: 'selectable entity-row', dataset: { pk: entity.partitionKey, rk: entity.rowKey }, onclick: () => edit(entity),
    }, h('td', {}, entity.partitionKey), h('td', {}, entity.rowKey), h('td', { class: 'muted' }, entity.timestamp || ''),
    names.map(n => {
      const p = entity.properties.find(q => q.name === n);
      return h('td', { dataset: { property: n } }, p ? [h('span', { class: 'value' }, p.value), ' ',
        h('span', { class: 'type' }, p.type.replace('Edm.', ''))] : '');
    })));
    clear(grid).append(entities.length === 0 ? h('p', { class: 'muted' }, 'No entities on this page.')
      : h('table', { class: 'grid', id: 'entities' }, h('thead', {}, head), h('tbody', {}, rows)));
  }

  function edit(entity) {
    clear(editor);
    editorView(editor, table, entity, () => { clear(editor); load(); });
  }

  load();
}
