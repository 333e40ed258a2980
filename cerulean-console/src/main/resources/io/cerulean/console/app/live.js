// The server's request rate and mean latency over the last minutes, from /$metrics (the Prometheus
// text format): cerulean_requests_seconds_count and _sum, sampled every two seconds, drawn in SVG.
import { h, svg, clear } from './dom.js';
import * as client from './client.js';
import { showError } from './main.js';

const EVERY_MS = 2000;
const KEEP = 150; // five minutes of samples

/** The sum of every series of a metric in a scrape, whatever its labels. */
export function metricSum(text, name) {
  let sum = 0;
  let found = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[^}]*\})?\s+(\S+)/.exec(line);
    if (match && match[1] === name) {
      sum += Number(match[3]);
      found = true;
    }
  }
  return found ? sum : null;
}

// Sampled from the first time the view opens until the page is left, so the history survives
// switching to another view and back.
const samples = [];
let previous = null;
let sampler = null;
let listener = null;

async function sample() {
  let text;
  try {
    text = await client.metricsText();
  } catch (error) {
    if (listener) listener.failed(error);
    return;
  }
  const now = Date.now();
  const count = metricSum(text, 'cerulean_requests_seconds_count');
  const seconds = metricSum(text, 'cerulean_requests_seconds_sum');
  if (count === null) {
    if (listener) listener.failed(new Error('The server publishes no request metrics.'));
    return;
  }
  if (previous) {
    const requests = count - previous.count;
    const elapsed = (now - previous.at) / 1000;
    samples.push({ at: now, rate: requests / elapsed, latency: requests > 0 ? ((seconds - previous.seconds) / requests) * 1000 : 0, count });
    if (samples.length > KEEP) samples.shift();
  }
  previous = { at: now, count, seconds };
  if (listener) listener.drawn();
}

export function liveView(main) {
  const rateChart = h('div', { id: 'rate-chart' });
  const latencyChart = h('div', { id: 'latency-chart' });
  const summary = h('p', { id: 'live-summary', class: 'muted' }, 'Sampling…');
  main.append(h('section', {}, h('h2', {}, 'Live: requests a second'), rateChart),
    h('section', {}, h('h2', {}, 'Live: mean latency (ms)'), latencyChart), summary);
  listener = {
    failed: error => showError(error),
    drawn: () => {
      if (samples.length === 0) return;
      const last = samples[samples.length - 1];
      summary.textContent = `${last.rate.toFixed(1)} requests/s, mean ${last.latency.toFixed(2)} ms; ${last.count} requests since the server started`;
      clear(rateChart).append(chart(samples.map(s => s.rate), 'rate'));
      clear(latencyChart).append(chart(samples.map(s => s.latency), 'latency'));
    },
  };
  listener.drawn();
  if (!sampler) {
    sample();
    sampler = setInterval(sample, EVERY_MS);
  }
  return () => { listener = null; };
}

function chart(values, name) {
  const width = 600;
  const height = 140;
  const max = Math.max(1e-9, ...values);
  const step = width / (KEEP - 1);
  const points = values.map((v, i) => `${(i * step).toFixed(1)},${(height - (v / max) * (height - 10)).toFixed(1)}`).join(' ');
  return svg('svg', { class: 'chart', id: `${name}-svg`, width, height: height + 16, viewBox: `0 0 ${width} ${height + 16}`, role: 'img',
    'aria-label': `${name} over the last minutes` },
  svg('polyline', { points, fill: 'none', stroke: '#0969da', 'stroke-width': 2, class: 'series' }),
  // The latest sample as a dot: a line needs two.
  svg('circle', { cx: ((values.length - 1) * step).toFixed(1), cy: (height - (values[values.length - 1] / max) * (height - 10)).toFixed(1), r: 3, fill: '#0969da', class: 'latest' }),
  svg('text', { x: 4, y: 12, 'font-size': 11, fill: '#57606a' }, `max ${max.toFixed(2)}`),
  svg('text', { x: 4, y: height + 13, 'font-size': 11, fill: '#57606a' }, `last ${Math.round(values.length * EVERY_MS / 1000)} s`));
}
