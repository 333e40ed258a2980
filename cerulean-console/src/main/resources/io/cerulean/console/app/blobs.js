// Blobs: containers (list, create, delete); a container browsed by prefix and delimiter (virtual
// folders); upload a block blob from a file with progress; download with progress; delete;
// properties and metadata (view and set); snapshots (create, list, download).
import { h, clear, field, formatBytes } from './dom.js';
import * as client from './client.js';
import { showError } from './main.js';

function xml(text) {
  return new DOMParser().parseFromString(text, 'application/xml');
}

function text(el, name) {
  const child = el.querySelector(name);
  return child ? child.textContent : '';
}

function blobPath(account, container, name) {
  return `/${account}/${client.segment(container)}/${name.split('/').map(client.segment).join('/')}`;
}

export function blobsView(main) {
  const account = client.account();
  const list = h('ul', { class: 'list', id: 'container-list' });
  const create = h('form', { class: 'row', id: 'create-container' },
    h('input', { type: 'text', name: 'name', placeholder: 'new container name', required: true }),
    h('button', { type: 'submit' }, 'Create container'));
  const detail = h('div', { id: 'container-detail' });
  // One transfer line for the view: it outlives the listing it refreshes.
  const progress = h('progress', { id: 'transfer-progress', max: 1, value: 0 });
  const progressText = h('span', { id: 'transfer-text', class: 'muted' });
  main.append(h('section', {}, h('h2', {}, 'Containers'), create, list),
    h('div', { class: 'row', id: 'transfer' }, progress, progressText), detail);

  create.addEventListener('submit', async e => {
    e.preventDefault();
    try {
      await client.call('blob', 'PUT', `/${account}/${client.segment(field(create, 'name').trim())}`, { query: { restype: 'container' } });
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
        const page = await client.call('blob', 'GET', `/${account}/`, { query: { comp: 'list', marker } });
        const doc = xml(page.text);
        names.push(...[...doc.querySelectorAll('Container > Name')].map(n => n.textContent));
        marker = text(doc, 'NextMarker');
      } while (marker);
    } catch (error) {
      showError(error);
      return;
    }
    clear(list);
    if (names.length === 0) list.append(h('li', { class: 'muted' }, 'No containers yet.'));
    for (const name of names) {
      list.append(h('li', { dataset: { container: name } },
        h('button', { type: 'button', class: 'link open-container', onclick: () => browse(name, '') }, name),
        h('button', { type: 'button', class: 'delete-container', onclick: () => remove(name) }, 'Delete')));
    }
  }

  async function remove(name) {
    if (!confirm(`Delete container ${name} and its blobs?`)) return;
    try {
      await client.call('blob', 'DELETE', `/${account}/${client.segment(name)}`, { query: { restype: 'container' } });
      clear(detail);
      refresh();
    } catch (error) {
      showError(error);
    }
  }

  async function browse(container, prefix) {
    const rows = h('tbody', { id: 'blob-rows' });
    const fileInput = h('input', { type: 'file', name: 'file', id: 'upload-file' });
    const uploadName = h('input', { type: 'text', name: 'blobname', placeholder: 'blob name (default: the file name)', value: '' });
    const props = h('div', { id: 'blob-properties' });
    const upload = h('form', { class: 'row', id: 'upload' }, fileInput, uploadName, h('button', { type: 'submit' }, 'Upload'));
    const crumbs = h('div', { class: 'row', id: 'crumbs' }, h('button', { type: 'button', class: 'link', onclick: () => browse(container, '') }, container),
      prefix.split('/').filter(Boolean).map((part, i, all) => h('button', {
        type: 'button', class: 'link', onclick: () => browse(container, `${all.slice(0, i + 1).join('/')}/`),
      }, `/ ${part}`)));
    clear(detail).append(h('section', {}, h('h2', { id: 'container-name' }, container), crumbs, upload,
      h('table', { class: 'grid' }, h('thead', {}, h('tr', {}, h('th', {}, 'Name'), h('th', {}, 'Size'),
        h('th', {}, 'Last modified'), h('th', {}))), rows)), props);

    const onProgress = (done, total) => {
      progress.max = total || 1;
      progress.value = done;
      progressText.textContent = `${formatBytes(done)} of ${formatBytes(total)}`;
    };

    upload.addEventListener('submit', async e => {
      e.preventDefault();
      const file = fileInput.files[0];
      if (!file) return;
      const name = prefix + (uploadName.value.trim() || file.name);
      try {
        await client.upload('blob', 'PUT', blobPath(account, container, name), {
          headers: { 'x-ms-blob-type': 'BlockBlob' }, contentType: file.type || 'application/octet-stream',
          body: file, onProgress,
        });
        onProgress(file.size, file.size);
        progressText.textContent = `uploaded ${name} (${formatBytes(file.size)})`;
        progressText.dataset.done = 'upload';
        browse(container, prefix);
      } catch (error) {
        showError(error);
      }
    });

    let doc;
    try {
      const r = await client.call('blob', 'GET', `/${account}/${client.segment(container)}`, {
        query: { restype: 'container', comp: 'list', prefix, delimiter: '/' },
      });
      doc = xml(r.text);
    } catch (error) {
      showError(error);
      return;
    }
    for (const p of doc.querySelectorAll('BlobPrefix > Name')) {
      rows.append(h('tr', { class: 'folder', dataset: { prefix: p.textContent } },
        h('td', {}, h('button', { type: 'button', class: 'link open-folder', onclick: () => browse(container, p.textContent) }, p.textContent.slice(prefix.length))),
        h('td', { class: 'muted' }, 'folder'), h('td', {}), h('td', {})));
    }
    for (const b of doc.querySelectorAll('Blobs > Blob')) {
      const name = text(b, 'Name');
      rows.append(h('tr', { class: 'blob', dataset: { blob: name } },
        h('td', {}, h('button', { type: 'button', class: 'link open-blob', onclick: () => properties(name) }, name.slice(prefix.length))),
        h('td', {}, formatBytes(Number(text(b, 'Content-Length')))), h('td', {}, text(b, 'Last-Modified')),
        h('td', {}, h('button', { type: 'button', class: 'download-blob', onclick: () => download(name, null) }, 'Download'),
          h('button', { type: 'button', class: 'delete-blob', onclick: () => removeBlob(name) }, 'Delete'))));
    }

    async function download(name, snapshot) {
      try {
        const r = await client.call('blob', 'GET', blobPath(account, container, name), { query: { snapshot }, binary: true, onProgress });
        const type = r.headers.get('Content-Type') || 'application/octet-stream';
        const url = URL.createObjectURL(new Blob([r.bytes], { type }));
        progressText.textContent = `downloaded ${name}${snapshot ? ` (snapshot ${snapshot})` : ''}: ${formatBytes(r.bytes.length)} `;
        progressText.dataset.done = 'download';
        progressText.append(h('a', { href: url, download: name.split('/').pop(), id: 'save-download' }, 'save'),
          h('pre', { class: 'message', id: 'download-preview' }, new TextDecoder().decode(r.bytes.slice(0, 200))));
      } catch (error) {
        showError(error);
      }
    }

    async function removeBlob(name) {
      if (!confirm(`Delete blob ${name}${''} and its snapshots?`)) return;
      try {
        await client.call('blob', 'DELETE', blobPath(account, container, name), { headers: { 'x-ms-delete-snapshots': 'include' } });
        browse(container, prefix);
      } catch (error) {
        showError(error);
      }
    }

    async function properties(name) {
      const path = blobPath(account, container, name);
      let head;
      let snapshots;
      try {
        head = await client.call('blob', 'HEAD', path);
        const listed = await client.call('blob', 'GET', `/${account}/${client.segment(container)}`, {
          query: { restype: 'container', comp: 'list', prefix: name, include: 'snapshots' },
        });
        snapshots = [...xml(listed.text).querySelectorAll('Blobs > Blob')]
          .filter(b => text(b, 'Name') === name && text(b, 'Snapshot')).map(b => text(b, 'Snapshot'));
      } catch (error) {
        showError(error);
        return;
      }
      const metadata = [];
      head.headers.forEach((value, key) => { if (key.startsWith('x-ms-meta-')) metadata.push([key.slice(10), value]); });
      const shown = ['Content-Type', 'Content-Length', 'ETag', 'Last-Modified', 'x-ms-blob-type', 'x-ms-access-tier', 'Content-MD5'];
      const metaRows = h('tbody', { id: 'metadata-rows' });
      const addMeta = (k, v) => metaRows.append(h('tr', { class: 'meta' },
        h('td', {}, h('input', { type: 'text', name: 'key', value: k })), h('td', {}, h('input', { type: 'text', name: 'value', value: v }))));
      for (const [k, v] of metadata) addMeta(k, v);
      const saveMeta = async () => {
        const headers = {};
        for (const row of metaRows.querySelectorAll('tr.meta')) {
          const k = row.querySelector('[name=key]').value.trim();
          if (k) headers[`x-ms-meta-${k}`] = row.querySelector('[name=value]').value;
        }
        try {
          await client.call('blob', 'PUT', path, { query: { comp: 'metadata' }, headers });
          properties(name);
        } catch (error) {
          showError(error);
        }
      };
      const snapshot = async () => {
        try {
          await client.call('blob', 'PUT', path, { query: { comp: 'snapshot' } });
          properties(name);
        } catch (error) {
          showError(error);
        }
      };
      clear(props).append(h('section', {}, h('h3', { id: 'blob-name' }, name),
        h('table', { class: 'grid', id: 'properties' }, h('tbody', {}, shown.map(k => h('tr', {}, h('th', {}, k), h('td', { dataset: { header: k } }, head.headers.get(k) || ''))))),
        h('h3', {}, 'Metadata'),
        h('table', { class: 'grid' }, h('thead', {}, h('tr', {}, h('th', {}, 'Name'), h('th', {}, 'Value'))), metaRows),
        h('div', { class: 'row' }, h('button', { type: 'button', id: 'add-metadata', onclick: () => addMeta('', '') }, 'Add'),
          h('button', { type: 'button', id: 'save-metadata', onclick: saveMeta }, 'Save metadata')),
        h('h3', {}, 'Snapshots'),
        h('button', { type: 'button', id: 'create-snapshot', onclick: snapshot }, 'Create snapshot'),
        h('ul', { class: 'list', id: 'snapshots' }, snapshots.map(s => h('li', { class: 'snapshot', dataset: { snapshot: s } }, s,
          h('button', { type: 'button', class: 'download-snapshot', onclick: () => download(name, s) }, 'Download'))))));
    }
  }

  refresh();
}
