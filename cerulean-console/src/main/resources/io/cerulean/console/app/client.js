// Every request the page makes to a service: through this port's relay, /$console/api/<service>/...,
// signed with Shared Key Lite in the page or carrying the SAS. The credential lives in this module's
// memory only: a reload signs in again, and it is never put in a URL, a cookie or storage.
import { importKey, authorization } from './signing.js';
import { errorOf } from './errors.js';

const VERSIONS = { table: '2019-02-02', queue: '2021-12-02', blob: '2021-12-02' };
let credential = null;

export async function signIn({ account, key, sas }) {
  if (sas) {
    credential = { account, key: null, sas: sas.replace(/^\?/, '') };
  } else {
    credential = { account, key: await importKey(key), sas: null };
  }
}

export function signOut() {
  credential = null;
}

export function account() {
  return credential && credential.account;
}

export function signedIn() {
  return credential !== null;
}

/** Encodes a name as one path segment. */
export function segment(name) {
  return encodeURIComponent(name).replace(/[!'()*]/g, c => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

async function prepare(service, method, path, { query = {}, headers = {}, contentType } = {}) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(name, value);
  }
  const all = {
    'x-ms-date': new Date().toUTCString(),
    'x-ms-version': VERSIONS[service],
    ...headers,
  };
  if (contentType) all['Content-Type'] = contentType;
  if (credential.key) {
    all.Authorization = await authorization(credential, service, method, path, params, all);
  }
  let search = params.toString();
  if (credential.sas) search = search ? `${search}&${credential.sas}` : credential.sas;
  // The relay asks for this header: a page on another origin cannot send it.
  all['x-cerulean-console'] = '1';
  return { url: `/$console/api/${service}${path}${search ? `?${search}` : ''}`, headers: all };
}

/**
 * Sends a request; resolves to { status, headers, text, bytes } or rejects with an AzureError.
 * opts: query, headers, body, contentType, binary (read the answer as bytes), onProgress(done, total).
 */
export async function call(service, method, path, opts = {}) {
  if (!credential) throw new Error('Not signed in.');
  const { url, headers } = await prepare(service, method, path, opts);
  const response = await fetch(url, { method, headers, body: opts.body, cache: 'no-store', credentials: 'omit',
    redirect: 'error' });
  let bytes;
  if (opts.binary && response.ok && opts.onProgress && response.body) {
    bytes = await readWithProgress(response, opts.onProgress);
  } else {
    bytes = new Uint8Array(await response.arrayBuffer());
  }
  const text = opts.binary && response.ok ? '' : new TextDecoder().decode(bytes);
  if (!response.ok && response.status !== 304) throw errorOf(response.status, response.headers, text);
  return { status: response.status, headers: response.headers, text, bytes };
}

async function readWithProgress(response, onProgress) {
  const total = Number(response.headers.get('Content-Length')) || 0;
  const reader = response.body.getReader();
  const chunks = [];
  let done = 0;
  for (;;) {
    const { value, done: finished } = await reader.read();
    if (finished) break;
    chunks.push(value);
    done += value.length;
    onProgress(done, total);
  }
  const bytes = new Uint8Array(done);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

/** An upload with progress (fetch has none for request bodies): the same request, by XMLHttpRequest. */
export async function upload(service, method, path, opts) {
  const { url, headers } = await prepare(service, method, path, opts);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = e => opts.onProgress && opts.onProgress(e.loaded, e.total);
    xhr.onerror = () => reject(new Error('The upload failed: the connection ended.'));
    xhr.onload = () => {
      const responseHeaders = new Headers();
      for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
        const colon = line.indexOf(':');
        if (colon > 0) responseHeaders.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
      }
      if (xhr.status >= 300) reject(errorOf(xhr.status, responseHeaders, xhr.responseText));
      else resolve({ status: xhr.status, headers: responseHeaders, text: xhr.responseText });
    };
    xhr.send(opts.body);
  });
}

/** The page's own origin, unsigned: /$metrics. */
export async function metricsText() {
  const response = await fetch('/$metrics', { cache: 'no-store', credentials: 'omit' });
  // A server run with --no-metrics serves them on its metrics port alone: this port treats the path as any other.
  if (response.status >= 400 && response.status < 500) throw new Error(`/$metrics answered ${response.status}: this port does not serve the metrics (the server runs with --no-metrics)`);
  if (!response.ok) throw new Error(`/$metrics answered ${response.status}`);
  return response.text();
}
