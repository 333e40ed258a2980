// Queues: list, create, delete; a queue's messages: peek, put, get (dequeue), delete one, clear.
import { h, clear, field } from './dom.js';
import * as client from './client.js';
import { showError } from './main.js';

function xml(text) {
  return new DOMParser().parseFromString(text, 'application/xml');
}

function text(el, name) {
  const child = el.querySelector(name);
  return child ? child.textContent : '';
}

function escapeXml(s) {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function queuesView(main) {
  const list = h('ul', { class: 'list', id: 'queue-list' });
  const create = h('form', { class: 'row', id: 'create-queue' },
    h('input', { type: 'text', name: 'name', placeholder: 'new queue name', required: true }),
    h('button', { type: 'submit' }, 'Create queue'));
  const detail = h('div', { id: 'queue-detail' });
  main.append(h('section', {}, h('h2', {}, 'Queues'), create, list), detail);
  const account = client.account();

  create.addEventListener('submit', async e => {
    e.preventDefault();
    try {
      await client.call('queue', 'PUT', `/${account}/${client.segment(field(create, 'name').trim())}`);
      create.reset();
      refresh();
    } catch (error) {
      showError(error);
    }
  });

  async function refresh() {
    const names = [];
    let marker;
    try {
      do {
        const page = await client.call('queue', 'GET', `/${account}/`, { query: { comp: 'list', marker } });
        const doc = xml(page.text);
        names.push(...[...doc.querySelectorAll('Queue > Name')].map(n => n.textContent));
        marker = text(doc, 'NextMarker');
      } while (marker);
    } catch (error) {
      showError(error);
      return;
    }
    clear(list);
    if (names.length === 0) list.append(h('li', { class: 'muted' }, 'No queues yet.'));
    for (const name of names) {
      list.append(h('li', { dataset: { queue: name } },
        h('button', { type: 'button', class: 'link open-queue', onclick: () => open(name) }, name),
        h('button', { type: 'button', class: 'delete-queue', onclick: () => remove(name) }, 'Delete')));
    }
  }

  async function remove(name) {
    if (!confirm(`Delete queue ${name} and its messages?`)) return;
    try {
      await client.call('queue', 'DELETE', `/${account}/${client.segment(name)}`);
      clear(detail);
      refresh();
    } catch (error) {
      showError(error);
    }
  }

  function open(name) {
    const path = `/${account}/${client.segment(name)}/messages`;
    const messages = h('tbody', { id: 'messages' });
    const put = h('form', { class: 'row', id: 'put-message' },
      h('input', { type: 'text', name: 'text', class: 'wide', placeholder: 'message text', required: true }),
      h('button', { type: 'submit' }, 'Put message'));
    const status = h('div', { id: 'queue-status', class: 'muted' });
    clear(detail).append(h('section', {}, h('h2', { id: 'queue-name' }, name), put,
      h('div', { class: 'row' },
        h('button', { type: 'button', id: 'peek', onclick: peek }, 'Peek'),
        h('button', { type: 'button', id: 'dequeue', onclick: dequeue }, 'Get (dequeue)'),
        h('button', { type: 'button', id: 'clear-queue', onclick: clearAll }, 'Clear')),
      status,
      h('table', { class: 'grid' }, h('thead', {}, h('tr', {}, h('th', {}, 'Id'), h('th', {}, 'Text'),
        h('th', {}, 'Dequeued'), h('th', {}, 'Inserted'), h('th', {}, 'Visible again'), h('th', {}))), messages)));

    put.addEventListener('submit', async e => {
      e.preventDefault();
      const body = `<QueueMessage><MessageText>${escapeXml(field(put, 'text'))}</MessageText></QueueMessage>`;
      try {
        await client.call('queue', 'POST', path, { contentType: 'application/xml', body: new TextEncoder().encode(body) });
        put.reset();
        peek();
      } catch (error) {
        showError(error);
      }
    });

    function show(doc, dequeued) {
      clear(messages);
      const list = [...doc.querySelectorAll('QueueMessage')];
      status.textContent = `${list.length} message(s) ${dequeued ? 'dequeued: invisible to others for 30 s' : 'peeked'}`;
      for (const m of list) {
        const id = text(m, 'MessageId');
        const receipt = text(m, 'PopReceipt');
        messages.append(h('tr', { class: 'message', dataset: { id } },
          h('td', {}, id), h('td', { class: 'message-text' }, text(m, 'MessageText')), h('td', {}, text(m, 'DequeueCount')),
          h('td', {}, text(m, 'InsertionTime')), h('td', {}, text(m, 'TimeNextVisible')),
          h('td', {}, receipt ? h('button', { type: 'button', class: 'delete-message', onclick: () => deleteMessage(id, receipt) }, 'Delete') : '')));
      }
    }

    async function peek() {
      try {
        const r = await client.call('queue', 'GET', path, { query: { peekonly: 'true', numofmessages: '32' } });
        show(xml(r.text), false);
      } catch (error) {
        showError(error);
      }
    }

    async function dequeue() {
      try {
        const r = await client.call('queue', 'GET', path, { query: { numofmessages: '1', visibilitytimeout: '30' } });
        show(xml(r.text), true);
      } catch (error) {
        showError(error);
      }
    }

    async function deleteMessage(id, receipt) {
      try {
        await client.call('queue', 'DELETE', `${path}/${client.segment(id)}`, { query: { popreceipt: receipt } });
        status.textContent = `message ${id} deleted`;
        clear(messages);
      } catch (error) {
        showError(error);
      }
    }

    async function clearAll() {
      if (!confirm(`Delete every message of ${name}?`)) return;
      try {
        await client.call('queue', 'DELETE', path);
        peek();
      } catch (error) {
        showError(error);
      }
    }

    peek();
  }

  refresh();
}
