// The Table service's design advisor: its findings (GET /<account>/$advisor), and per table a heat
// map of its partitions, by request rate and by size, drawn in SVG.
import { h, svg, clear } from './dom.js';
import * as client from './client.js';
import { showError } from './main.js';

export function advisorView(main) {
  const findings = h('div', { id: 'findings' });
  const maps = h('div', { id: 'heat-maps' });
  main.append(h('section', {}, h('h2', {}, 'Design advisor'),
    h('button', { type: 'button', id: 'refresh-advisor', onclick: load }, 'Refresh'), findings),
  h('section', {}, h('h2', {}, 'Partition heat map'), maps));

  async function load() {
    let report;
    try {
      const r = await client.call('table', 'GET', `/${client.account()}/$advisor`, { headers: { Accept: 'application/json' } });
      report = JSON.parse(r.text);
    } catch (error) {
      showError(error);
      return;
    }
    clear(findings);
    if (report.advisor === 'off') findings.append(h('p', { class: 'muted' }, 'The advisor is off on this server.'));
    else if (report.findings.length === 0) findings.append(h('p', { class: 'muted', id: 'no-findings' }, 'No findings: every table\'s traffic is within what Azure serves.'));
    else {
      findings.append(h('table', { class: 'grid', id: 'findings-table' },
        h('thead', {}, h('tr', {}, ['Table', 'Kind', 'Partition', 'Evidence', 'Pattern'].map(t => h('th', {}, t)))),
        h('tbody', {}, report.findings.map(f => h('tr', { class: 'finding', dataset: { kind: f.kind, table: f.table } },
          h('td', {}, f.table), h('td', {}, f.kind), h('td', {}, f.partitionKey || ''), h('td', {}, f.evidence), h('td', {}, f.pattern))))));
    }
    clear(maps);
    const byTable = new Map();
    for (const p of report.partitions || []) {
      if (!byTable.has(p.table)) byTable.set(p.table, []);
      byTable.get(p.table).push(p);
    }
    if (byTable.size === 0) maps.append(h('p', { class: 'muted' }, 'No partition traffic seen yet.'));
    for (const [table, partitions] of byTable) maps.append(heatMap(table, partitions, report.findings));
  }

  load();
}

/**
 * One table's partitions as cells in a row: each cell's colour is its request rate (entities a
 * second, against the table's hottest), its height its size (bytes, against the largest). A
 * partition the advisor finds hot is outlined.
 */
function heatMap(table, partitions, findings) {
  const hot = new Set(findings.filter(f => f.table === table && f.partitionKey).map(f => f.partitionKey));
  const sorted = [...partitions].sort((a, b) => (a.partitionKey < b.partitionKey ? -1 : 1));
  const maxRate = Math.max(1e-9, ...sorted.map(p => p.entitiesPerSecond));
  const maxBytes = Math.max(1, ...sorted.map(p => p.bytes));
  const cell = 26;
  const height = 90;
  const width = Math.max(200, sorted.length * (cell + 4) + 10);
  const chart = svg('svg', { class: 'heat', width, height: height + 30, viewBox: `0 0 ${width} ${height + 30}`,
    role: 'img', 'aria-label': `partition heat map of ${table}`, 'data-table': table });
  sorted.forEach((p, i) => {
    const heat = p.entitiesPerSecond / maxRate;
    const tall = Math.max(4, (p.bytes / maxBytes) * height);
    const colour = `hsl(${Math.round(220 - 220 * heat)}, 80%, ${Math.round(85 - 35 * heat)}%)`;
    const rect = svg('rect', { x: 5 + i * (cell + 4), y: height - tall + 5, width: cell, height: tall, fill: colour,
      stroke: hot.has(p.partitionKey) ? '#cf222e' : '#8c959f', 'stroke-width': hot.has(p.partitionKey) ? 3 : 1,
      class: hot.has(p.partitionKey) ? 'partition hot' : 'partition', 'data-partition': p.partitionKey },
    svg('title', {}, `${p.partitionKey}: ${p.entitiesPerSecond.toFixed(1)} entities/s, ${p.bytes} bytes, ${p.entities} entities`));
    chart.append(rect);
    chart.append(svg('text', { x: 5 + i * (cell + 4), y: height + 22, 'font-size': 10 }, p.partitionKey.slice(0, 4)));
  });
  return h('div', {}, h('h3', {}, table, h('span', { class: 'muted' }, ' colour: entities/s · height: bytes · outlined: found hot')), chart);
}
