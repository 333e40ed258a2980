// Shared Key Lite, computed in the page with WebCrypto: the key never leaves it, only signatures do.
//   Table:       x-ms-date \n /account/path[?comp=...]
//   Blob, Queue: VERB \n Content-MD5 \n Content-Type \n Date(empty: x-ms-date is signed) \n
//                x-ms-* headers, sorted, "name:value\n" \n /account/path[?comp=...]

export async function importKey(base64Key) {
  const raw = Uint8Array.from(atob(base64Key), c => c.charCodeAt(0));
  // Not extractable: the page itself cannot read the key back out of the CryptoKey.
  return crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
}

async function hmac(key, text) {
  const signature = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(text));
  let binary = '';
  for (const byte of new Uint8Array(signature)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function resource(account, path, query) {
  const comp = query.get('comp');
  return `/${account}${path}${comp !== null ? `?comp=${comp}` : ''}`;
}

export function stringToSign(service, method, account, path, query, headers) {
  if (service === 'table') {
    return `${headers['x-ms-date']}\n${resource(account, path, query)}`;
  }
  const names = Object.keys(headers).map(n => n.toLowerCase()).filter(n => n.startsWith('x-ms-')).sort();
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  const canonical = names.map(n => `${n}:${String(lower[n]).trim().replace(/\s+/g, ' ')}\n`).join('');
  return `${method}\n${lower['content-md5'] || ''}\n${lower['content-type'] || ''}\n\n${canonical}`
    + resource(account, path, query);
}

export async function authorization(credential, service, method, path, query, headers) {
  const text = stringToSign(service, method, credential.account, path, query, headers);
  return `SharedKeyLite ${credential.account}:${await hmac(credential.key, text)}`;
}
