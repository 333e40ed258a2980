// Entity properties with their EDM types, read from the JSON payload (full metadata) and written
// back. Int64 travels as a string so no digit is lost past 2^53; Binary is base64.

export const TYPES = ['Edm.String', 'Edm.Int32', 'Edm.Int64', 'Edm.Double', 'Edm.Boolean', 'Edm.DateTime',
  'Edm.Guid', 'Edm.Binary'];
const SYSTEM = new Set(['PartitionKey', 'RowKey', 'Timestamp']);

/**
 * Parses a Table service JSON body. A number is Edm.Int32 unless annotated or written with a
 * fraction or an exponent (Edm.Double): the reviver sees the number's own source text.
 */
export function parseJson(text) {
  const doubles = new WeakMap();
  return {
    value: JSON.parse(text, function (key, value, context) {
      if (typeof value === 'number' && context && /[.eE]/.test(context.source)) {
        if (!doubles.has(this)) doubles.set(this, new Set());
        doubles.get(this).add(key);
      }
      return value;
    }),
    isDouble: (holder, key) => doubles.has(holder) && doubles.get(holder).has(key),
  };
}

/** An entity's properties as [{ name, type, value }] (value as text), its keys, ETag and timestamp. */
export function entityOf(raw, isDouble) {
  const properties = [];
  for (const [name, value] of Object.entries(raw)) {
    if (name.includes('@') || name.startsWith('odata.') || SYSTEM.has(name)) continue;
    if (value === null) continue;
    let type = raw[`${name}@odata.type`];
    if (!type) {
      if (typeof value === 'string') type = 'Edm.String';
      else if (typeof value === 'boolean') type = 'Edm.Boolean';
      else if (isDouble(raw, name) || !Number.isInteger(value) || Math.abs(value) > 2147483647) type = 'Edm.Double';
      else type = 'Edm.Int32';
    }
    properties.push({ name, type, value: String(value) });
  }
  return {
    partitionKey: raw.PartitionKey,
    rowKey: raw.RowKey,
    timestamp: raw.Timestamp,
    etag: raw['odata.etag'],
    properties,
  };
}

/** Checks a value against its type; the error says what is wrong, in the user's terms. */
export function check(type, text) {
  switch (type) {
    case 'Edm.Int32':
      if (!/^-?\d+$/.test(text) || Number(text) > 2147483647 || Number(text) < -2147483648) return 'an Int32 is a whole number from -2147483648 to 2147483647';
      return null;
    case 'Edm.Int64':
      if (!/^-?\d+$/.test(text) || BigInt(text) > 9223372036854775807n || BigInt(text) < -9223372036854775808n) return 'an Int64 is a whole number of at most 64 bits';
      return null;
    case 'Edm.Double':
      return text.trim() === '' || Number.isNaN(Number(text)) && text !== 'NaN' ? 'a Double is a number' : null;
    case 'Edm.Boolean':
      return text === 'true' || text === 'false' ? null : 'a Boolean is true or false';
    case 'Edm.DateTime':
      return Number.isNaN(Date.parse(text)) ? 'a DateTime is an ISO 8601 time such as 2026-11-29T12:00:00Z' : null;
    case 'Edm.Guid':
      return /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/.test(text) ? null : 'a Guid is 8-4-4-4-12 hex digits';
    case 'Edm.Binary':
      try { atob(text); return null; } catch (e) { return 'a Binary is base64'; }
    default:
      return null;
  }
}

/** The JSON body of an entity with these keys and properties, each with its type annotation. */
export function entityJson(partitionKey, rowKey, properties) {
  const parts = [`"PartitionKey":${JSON.stringify(partitionKey)}`, `"RowKey":${JSON.stringify(rowKey)}`];
  for (const { name, type, value } of properties) {
    const n = JSON.stringify(name);
    const t = JSON.stringify(`${name}@odata.type`);
    switch (type) {
      case 'Edm.Int32':
        parts.push(`${n}:${String(BigInt(value))}`);
        break;
      case 'Edm.Double':
        // Annotated: a whole number without it would be read as an Int32.
        parts.push(`${t}:"Edm.Double"`, ['NaN', 'Infinity', '-Infinity'].includes(value)
          ? `${n}:${JSON.stringify(value)}` : `${n}:${JSON.stringify(Number(value))}`);
        break;
      case 'Edm.Boolean':
        parts.push(`${n}:${value === 'true'}`);
        break;
      case 'Edm.String':
        parts.push(`${n}:${JSON.stringify(value)}`);
        break;
      default:
        parts.push(`${t}:${JSON.stringify(type)}`, `${n}:${JSON.stringify(value)}`);
    }
  }
  return `{${parts.join(',')}}`;
}

/** The URL path of one entity: keys quoted, quotes doubled, percent-encoded. */
export function entityPath(account, table, partitionKey, rowKey) {
  const key = k => encodeURIComponent(k.replace(/'/g, "''"));
  return `/${account}/${table}(PartitionKey='${key(partitionKey)}',RowKey='${key(rowKey)}')`;
}
