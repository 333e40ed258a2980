// Sign-in: an account and its key, or a SAS token. The endpoint is this page's own origin.
import { h, field } from './dom.js';
import * as client from './client.js';
import { showError } from './main.js';

export function signInView(main, done) {
  const form = h('form', { class: 'signin', id: 'signin', autocomplete: 'off' },
    h('h2', {}, 'Sign in'),
    h('p', { class: 'muted' }, 'The key stays in this page: requests are signed here, and the server checks each one.'),
    h('label', {}, 'Account name', h('input', { type: 'text', name: 'account', value: 'devstoreaccount1', required: true })),
    h('label', {}, 'Account key', h('input', { type: 'password', name: 'key' })),
    h('label', {}, 'or a SAS token (account or service SAS)', h('input', { type: 'text', name: 'sas', placeholder: 'sv=...&sig=...' })),
    h('button', { type: 'submit', id: 'signin-submit' }, 'Sign in'));
  form.addEventListener('submit', async e => {
    e.preventDefault();
    showError(null);
    const account = field(form, 'account').trim();
    const key = field(form, 'key').trim();
    const sas = field(form, 'sas').trim();
    if (!key && !sas) {
      showError(new Error('Give the account key or a SAS token.'));
      return;
    }
    try {
      await client.signIn({ account, key, sas });
    } catch (bad) {
      showError(new Error('The key is not base64.'));
      return;
    }
    // A service SAS names one table, queue or container: there is no account-wide list to try it on.
    const failure = /(^|&)sr=/.test(sas) ? null : await firstRefusal(account);
    if (failure) {
      client.signOut();
      showError(failure);
      return;
    }
    form.reset();
    done();
  });
  main.append(h('section', {}, form));
}

/** The credential works if one service lists with it; else the first service's refusal. */
async function firstRefusal(account) {
  let first = null;
  const probes = [
    () => client.call('table', 'GET', `/${account}/Tables`, { query: { $top: '1' }, headers: { Accept: 'application/json;odata=nometadata' } }),
    () => client.call('queue', 'GET', `/${account}/`, { query: { comp: 'list', maxresults: '1' } }),
    () => client.call('blob', 'GET', `/${account}/`, { query: { comp: 'list', maxresults: '1' } }),
  ];
  for (const probe of probes) {
    try {
      await probe();
      return null;
    } catch (e) {
      first = first || e;
    }
  }
  return first;
}
