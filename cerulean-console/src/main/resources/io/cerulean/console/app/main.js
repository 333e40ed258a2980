// The app's frame: sign-in first, then one view at a time, chosen in the navigation bar.
import { h, clear } from './dom.js';
import * as client from './client.js';
import { signInView } from './signin.js';
import { tablesView } from './tables.js';
import { queuesView } from './queues.js';
import { blobsView } from './blobs.js';
import { advisorView } from './advisor.js';
import { liveView } from './live.js';

const VIEWS = { tables: tablesView, queues: queuesView, blobs: blobsView, advisor: advisorView, live: liveView };
const main = document.getElementById('main');
const nav = document.getElementById('nav');
const errorBox = document.getElementById('error');
let stopCurrent = null;

/** Shows an error with its Azure code and message; null hides it. */
export function showError(error) {
  if (!error) {
    errorBox.hidden = true;
    clear(errorBox);
    return;
  }
  errorBox.hidden = false;
  clear(errorBox).append(h('span', { class: 'error-text' }, error.describe ? error.describe() : String(error.message || error)));
}

export function show(name, ...args) {
  if (stopCurrent) stopCurrent();
  stopCurrent = null;
  showError(null);
  for (const button of nav.querySelectorAll('button[data-view]')) {
    button.classList.toggle('active', button.dataset.view === name);
  }
  clear(main);
  const stop = VIEWS[name](main, ...args);
  if (typeof stop === 'function') stopCurrent = stop;
}

function signedIn() {
  nav.hidden = false;
  document.getElementById('who').textContent = client.account();
  show('tables');
}

for (const button of nav.querySelectorAll('button[data-view]')) {
  button.addEventListener('click', () => show(button.dataset.view));
}
document.getElementById('signout').addEventListener('click', () => {
  client.signOut();
  location.reload();
});
signInView(main, signedIn);
