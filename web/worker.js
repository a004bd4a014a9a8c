// The page's Web Worker: runs attackbench.wasm through the WASI shim, one
// method at a time (so the page can show progress), and sends back each
// run's CSV rows; or runs one command line and sends back its output and
// exit status.  A failure is sent as an error, never half a table.
'use strict';
importScripts('wasi-shim.js');

let compiled = null;

async function program() {
    if (!compiled) compiled = await WebAssembly.compileStreaming(fetch('attackbench.wasm'));
    return compiled;
}

const environment = {
    ATTACKBENCH_ENGINE: `a browser (${navigator.userAgent})`,
    ATTACKBENCH_HOST_CPU: `the visitor's CPU (${navigator.hardwareConcurrency || '?'} logical CPUs)`,
    ATTACKBENCH_HOST_NAME: 'browser',
};

// Runs one command line; returns { status, stdout, stderr }.
async function run(args, files) {
    let stdout = '', stderr = '';
    const shim = new WasiShim({
        args: ['attackbench'].concat(args), env: environment, files,
        onOutput: (fd, text) => { if (fd === 1) stdout += text; else stderr += text; },
    });
    const status = shim.run(await program());
    return { status, stdout, stderr, clockStepMs: shim.clockStepMs };
}

// One CSV line into fields (quoted fields may hold commas and "").
function csvFields(line) {
    const fields = [];
    let field = '', quoted = false;
    for (let i = 0; i < line.length; i++) {
        const c = line[i];
        if (quoted && c === '"' && line[i + 1] === '"') { field += '"'; i++; }
        else if (c === '"') quoted = !quoted;
        else if (c === ',' && !quoted) { fields.push(field); field = ''; }
        else field += c;
    }
    fields.push(field);
    return fields;
}

function csvRows(text) {
    const lines = text.split('\n').filter((line) => line.length > 0);
    const header = csvFields(lines[0] || '');
    return lines.slice(1).map((line) => {
        const fields = csvFields(line), row = {};
        header.forEach((name, i) => { row[name] = fields[i]; });
        return row;
    });
}

async function benchmark({ methods, options }) {
    const rows = [];
    for (let i = 0; i < methods.length; i++) {
        postMessage({ kind: 'progress', done: i, total: methods.length, method: methods[i] });
        const result = await run([`--method=${methods[i]}`].concat(options, ['--format=csv', '-q']));
        if (result.status !== 0)
            throw new Error(`${methods[i]}: exit status ${result.status}: ${result.stderr.trim()}`);
        for (const row of csvRows(result.stdout))
            if (row.method !== 'null' || i === methods.length - 1) rows.push(row);
    }
    postMessage({ kind: 'progress', done: methods.length, total: methods.length, method: '' });
    return rows;
}

onmessage = async (event) => {
    const request = event.data;
    try {
        if (request.kind === 'list') {
            const result = await run(['--list']);
            postMessage({ kind: 'list', text: result.stdout, clockStepMs: result.clockStepMs });
        } else if (request.kind === 'benchmark') {
            postMessage({ kind: 'rows', rows: await benchmark(request) });
        } else if (request.kind === 'command') {
            postMessage(Object.assign({ kind: 'command' }, await run(request.args, request.files)));
        }
    } catch (error) {
        postMessage({ kind: 'error', message: String(error && error.message || error) });
    }
};
