// The page: starts the worker, runs the benchmark one method at a time with
// a progress bar (on a click, or at once when the address ends in #run),
// prints the table as the command line does, draws a bar chart, lists the
// committed results of every machine (sortable), and runs a command line
// of the visitor's own.  Opened as a file, where a browser starts no
// worker, it says that the page must be served and how, and still draws
// the committed results (results.js, a script, needs no fetch).
'use strict';

const page = (id) => document.getElementById(id);
const state = { methods: [], calls: 1000000, pending: null };
// Each repetition must last 100 clock steps, so the timer's rounding stays
// below 1%; the fastest technique takes about 2 ns a query under WebAssembly.
const STEPS_PER_REPETITION = 100, FASTEST_NS = 2;

function setState(value) { document.body.dataset.state = value; }

function showError(message) {
    page('error').textContent = `The run failed: ${message}`;
    page('error').hidden = false;
    page('table').textContent = '';
    page('chart').textContent = '';
    setState('error');
}

function bytesText(bytes) {
    if (bytes === 0) return '0';
    if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
    return `${(bytes / 1048576).toFixed(1)} MB`;
}

// The rows as attackbench prints its table (relative to the fastest median
// here, where the command line takes the median of round-by-round ratios).
function tableText(rows) {
    const timed = rows.filter((row) => row.method !== 'null').sort((a, b) => a.ns_per_query_median - b.ns_per_query_median);
    const harness = rows.find((row) => row.method === 'null');
    const fastest = Number(timed[0].ns_per_query_median);
    const first = timed[0];
    const lines = [`queen: workload random, dispatch batch, throughput, threads 1 (${first.queries} queries, ` +
        `${first.calls_per_rep} calls x ${first.reps} reps; checksum ${first.checksum}` +
        `${timed.every((row) => row.checksum === first.checksum) ? ', the same for every method' : ', METHODS DIFFER'})`,
        '  method                       ns/query  Mlookups/s   spread  relative       table   init ms'];
    const line = (row, relative) => {
        const median = Number(row.ns_per_query_median), spread = 100 * Number(row.ns_per_query_mad) / median;
        return '  ' + row.method.padEnd(27) + median.toFixed(3).padStart(10) + Number(row.mlookups_per_s).toFixed(1).padStart(12) +
            `${spread > 3 ? '!' : ''}${spread.toFixed(1)}%`.padStart(9) + relative.padStart(10) +
            bytesText(Number(row.table_bytes)).padStart(12) + Number(row.init_ms).toFixed(2).padStart(10);
    };
    timed.forEach((row) => lines.push(line(row, `${(Number(row.ns_per_query_median) / fastest).toFixed(2)}x`)));
    if (harness) lines.push(line(Object.assign({}, harness, { method: 'null (harness)' }), ''));
    return lines.join('\n');
}

// Text for an SVG element.
function escaped(text) {
    return String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

// The axis values of a logarithmic axis from low to high: 1, 2 and 5 of
// every power of ten.
function logTicks(low, high) {
    const ticks = [];
    for (let decade = low; decade <= high * 1.0001; decade *= 10)
        for (const step of [1, 2, 5])
            if (decade * step <= high * 1.0001) ticks.push(decade * step);
    return ticks;
}

// The bar chart: ns per query on a logarithmic axis, since the techniques
// span two orders of magnitude and a linear axis leaves the fast ones as
// slivers; a title, the axis with its unit, and a legend for the colours.
// Each bar is a group carrying its method, median and checksum, with a
// tooltip.
function chartSvg(rows) {
    const timed = rows.filter((row) => row.method !== 'null').sort((a, b) => a.ns_per_query_median - b.ns_per_query_median);
    const values = timed.map((row) => Number(row.ns_per_query_median));
    const low = 10 ** Math.floor(Math.log10(Math.min(...values)));
    const high = Math.max(low * 10, 10 ** Math.ceil(Math.log10(Math.max(...values))));
    const barHeight = 16, label = 210, plot = 540, top = 62, right = 80;
    const x = (value) => label + (plot * Math.log10(value / low)) / Math.log10(high / low);
    const bottom = top + timed.length * barHeight, width = label + plot + right, height = bottom + 44;
    const parts = [`<text class="chart-title" x="0" y="16">ns per query (median) on this CPU, WebAssembly: ` +
        'random queens, batched; logarithmic axis</text>',
    `<rect class="bar" x="${label}" y="28" width="12" height="10"/><text x="${label + 16}" y="37">scalar WebAssembly</text>`,
    `<rect class="bar bar-simd" x="${label + 170}" y="28" width="12" height="10"/>` +
        `<text x="${label + 186}" y="37">SIMD128 kernel (name ends in -simd128)</text>`];
    for (const tick of logTicks(low, high)) {
        parts.push(`<line class="grid" x1="${x(tick).toFixed(1)}" y1="${top - 4}" x2="${x(tick).toFixed(1)}" y2="${bottom + 4}"/>`,
            `<text class="tick" x="${x(tick).toFixed(1)}" y="${bottom + 18}" text-anchor="middle">${tick >= 1 ? tick : tick.toPrecision(1)}</text>`);
    }
    parts.push(`<line class="axis" x1="${label}" y1="${bottom + 4}" x2="${label + plot}" y2="${bottom + 4}"/>`,
        `<line class="axis" x1="${label}" y1="${top - 4}" x2="${label}" y2="${bottom + 4}"/>`,
        `<text x="${label + plot / 2}" y="${bottom + 38}" text-anchor="middle">ns per query (logarithmic)</text>`);
    timed.forEach((row, i) => {
        const value = values[i], y = top + i * barHeight, length = Math.max(1, x(value) - label);
        const kind = row.method.endsWith('-simd128') ? 'bar bar-simd' : 'bar';
        parts.push(`<g class="bar-row" data-method="${escaped(row.method)}" data-checksum="${escaped(row.checksum)}" ` +
            `data-ns="${value}"><title>${escaped(row.method)}: ${value.toFixed(3)} ns per query, checksum ` +
            `${escaped(row.checksum)}</title>` +
            `<text x="${label - 6}" y="${y + 12}" text-anchor="end">${escaped(row.method)}</text>` +
            `<rect class="${kind}" x="${label}" y="${y + 2}" width="${length.toFixed(1)}" height="${barHeight - 4}"/>` +
            `<text x="${label + length + 4}" y="${y + 12}">${value.toFixed(2)} ns</text></g>`);
    });
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
        `viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
}

function showRows(rows) {
    page('table').textContent = tableText(rows);
    page('chart').innerHTML = chartSvg(rows);
    page('progress-text').textContent = `${rows.length - 1} techniques measured`;
    setState('done');
}

function start() {
    page('error').hidden = true;
    page('start').disabled = true;
    setState('running');
    worker.postMessage({ kind: 'benchmark', methods: state.methods,
        options: ['--workload=random', '--piece=queen', '--dispatch=batch', '--reps=5', `--calls=${state.calls}`] });
}

function showList(text, clockStepMs) {
    state.methods = text.split('\n').map((line) => line.split(/\s+/))
        .filter((words) => words[1] === 'available' && words[0] !== 'reference' && words[0] !== 'null')
        .map((words) => words[0]);
    const stepNs = clockStepMs * 1e6;
    state.calls = Math.max(1000000, Math.ceil((STEPS_PER_REPETITION * stepNs) / FASTEST_NS));
    page('clock-note').textContent = `This browser's timer moves in steps of ${(stepNs / 1000).toFixed(1)} µs ` +
        `(performance.now() is rounded). A repetition here is ${state.calls.toLocaleString('en')} lookups, ` +
        `at least ${((state.calls * FASTEST_NS) / 1e6).toFixed(1)} ms at ${FASTEST_NS} ns a lookup: ` +
        `${STEPS_PER_REPETITION} steps or more, so the rounding stays below 1%. ${state.methods.length} techniques.`;
    page('start').disabled = false;
    page('run-command').disabled = false;
    setState('ready');
    if (location.hash === '#run') start();
}

function onWorkerMessage(event) {
    const message = event.data;
    if (message.kind === 'list') showList(message.text, message.clockStepMs);
    else if (message.kind === 'progress') {
        page('progress').max = message.total;
        page('progress').value = message.done;
        page('progress-text').textContent = message.method ? `${message.done + 1}/${message.total}: ${message.method}` : '';
    } else if (message.kind === 'rows') showRows(message.rows);
    else if (message.kind === 'command' && state.pending) { state.pending(message); state.pending = null; }
    else if (message.kind === 'error') {
        if (state.pending) { state.pending({ status: -1, stdout: '', stderr: message.message }); state.pending = null; }
        else showError(message.message);
    }
}

// runCommand(["--method=nosuch"], {"/upload.fen": bytes}): { status, stdout, stderr }.
window.runCommand = (args, files) => new Promise((resolve) => {
    state.pending = resolve;
    worker.postMessage({ kind: 'command', args, files: files || {} });
});

page('start').onclick = start;
page('run-command').onclick = async () => {
    const files = {};
    const chosen = page('fen-file').files[0];
    if (chosen) files['/upload.fen'] = new Uint8Array(await chosen.arrayBuffer());
    const args = page('arguments').value.split(/\s+/).filter((word) => word.length > 0);
    const result = await window.runCommand(args, files);
    page('command-output').textContent = `$ attackbench ${args.join(' ')}\n${result.stdout}${result.stderr}` +
        `(exit status ${result.status})`;
};

// The committed results (results.js): one column per machine and compiler.
function showCommitted() {
    const results = self.committedResults;
    if (!results) throw new Error('results.js, written by make web, did not load');
    const head = page('committed').querySelector('thead'), body = page('committed').querySelector('tbody');
    const columns = ['method'].concat(results.machines.map((machine) => `${machine.cpu} (${machine.compiler}, ${machine.date})`));
    const methods = [...new Set(results.machines.flatMap((machine) => Object.keys(machine.ns)))];
    const rows = methods.map((method) => [method].concat(results.machines.map((machine) => machine.ns[method])));
    const render = (column, descending) => {
        rows.sort((a, b) => {
            const x = a[column], y = b[column];
            if (x === undefined || y === undefined) return x === undefined ? 1 : -1;
            return (typeof x === 'string' ? x.localeCompare(y) : x - y) * (descending ? -1 : 1);
        });
        body.textContent = '';
        for (const row of rows) {
            const tr = document.createElement('tr');
            row.forEach((value, i) => {
                const td = document.createElement('td');
                td.textContent = value === undefined ? '-' : i === 0 ? value : value.toFixed(3);
                tr.appendChild(td);
            });
            body.appendChild(tr);
        }
    };
    const tr = document.createElement('tr');
    columns.forEach((name, i) => {
        const th = document.createElement('th');
        th.textContent = name;
        th.onclick = () => { th.dataset.descending = th.dataset.descending === '1' ? '0' : '1'; render(i, th.dataset.descending === '1'); };
        tr.appendChild(th);
    });
    head.appendChild(tr);
    page('committed').dataset.machines = results.machines.length;
    render(1, false);
}

// The worker, unless the page was opened as a file (a browser refuses
// it there: Chromium throws a SecurityError, others fail to fetch).
function startWorker() {
    if (location.protocol === 'file:') throw new Error('opened as a file');
    const started = new Worker('worker.js');
    started.onmessage = onWorkerMessage;
    started.onerror = (event) => { event.preventDefault(); showError(event.message || 'the worker stopped'); };
    return started;
}

try {
    showCommitted();
} catch (error) {
    page('committed').textContent = `No committed results: ${error.message}`;
}

// The machine folders of the committed results: one row per run, with
// its folder ('.' for make results' files), CPU, compiler, date and the
// number of backends it measured.
function showMachines() {
    const results = self.committedResults;
    if (!results) throw new Error('build/web/results.js did not load');
    const body = page('machines').querySelector('tbody');
    for (const machine of results.machines) {
        const tr = document.createElement('tr');
        for (const value of [machine.folder, machine.cpu, machine.compiler, machine.date, machine.backends]) {
            const td = document.createElement('td');
            td.textContent = value === undefined ? '-' : String(value);
            tr.appendChild(td);
        }
        body.appendChild(tr);
    }
    page('machines').dataset.machines = results.machines.length;
}

try {
    showMachines();
} catch (error) {
    page('machines').textContent = `No machine folders: ${error.message}`;
}
let worker = null;
try {
    worker = startWorker();
    worker.postMessage({ kind: 'list' });
} catch (error) {
    if (location.protocol === 'file:') {
        page('served-note').hidden = false;
        setState('unserved');
    } else {
        showError(`the Web Worker did not start: ${error.message}`);
    }
}
window.addEventListener('hashchange', () => { if (location.hash === '#run' && document.body.dataset.state === 'ready') start(); });
