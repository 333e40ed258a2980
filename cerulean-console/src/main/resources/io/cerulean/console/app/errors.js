// An Azure error as the services send it: JSON (Table) or XML (Queue, Blob), and the
// x-ms-error-code header every one carries.

export class AzureError extends Error {
  constructor(status, code, message) {
    super(message || `HTTP ${status}`);
    this.status = status;
    this.code = code || '';
  }

  get isConflict() {
    return this.status === 412 && this.code === 'UpdateConditionNotSatisfied';
  }

  describe() {
    return `${this.status} ${this.code}: ${this.message}`;
  }
}

export function errorOf(status, headers, text) {
  let code = headers.get('x-ms-error-code');
  let message = '';
  try {
    const json = JSON.parse(text);
    const error = json['odata.error'] || json.error || {};
    code = code || error.code;
    message = (error.message && (error.message.value || error.message)) || '';
  } catch (notJson) {
    const doc = new DOMParser().parseFromString(text || '<x/>', 'application/xml');
    const codeEl = doc.querySelector('Code');
    const messageEl = doc.querySelector('Message');
    code = code || (codeEl && codeEl.textContent);
    message = messageEl ? messageEl.textContent : (text || '').trim();
  }
  return new AzureError(status, code, String(message).split('\n')[0]);
}
