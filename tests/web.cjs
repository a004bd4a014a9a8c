// make test-web: the page of make web in headless Chromium, driven over the
// DevTools protocol on a pipe (--remote-debugging-pipe: messages on fds 3
// and 4, each ended by a NUL byte), served by node's own http module.  It
// waits for the benchmark to finish, checks a row for every portable
// technique with the command line's checksum, the chart (title, a
// logarithmic axis, a legend, every text inside it), the committed results
// of every machine, bad input giving the command line's error and exit
// status, the page without #run waiting for its button, and the page
// opened as a file saying it must be served while still drawing the
// committed results; then takes a screenshot.  Prints TAP-like "ok"/"FAIL" lines.
// Usage: node tests/web.cjs CHROMIUM build/web CLI_PROGRAM SCREENSHOT.png
'use strict';
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');

const [chromium, site, cli, screenshot] = process.argv.slice(2);
const TIMEOUT_MS = 20 * 60 * 1000;
let failures = 0;
const check = (ok, name, detail) => {
    console.log(ok ? `ok ${name}` : `FAIL ${name}${detail ? ` (${detail})` : ''}`);
    if (!ok) failures++;
};

const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json',
    '.wasm': 'application/wasm' };
const server = http.createServer((request, response) => {
    const file = path.join(site, path.normalize(decodeURIComponent(request.url.split(/[?#]/)[0])).replace(/^(\.\.[/\\])+/, ''));
    const target = file.endsWith('/') ? path.join(file, 'index.html') : file;
    fs.readFile(target, (error, data) => {
        if (error) { response.writeHead(404); response.end(); return; }
        response.writeHead(200, { 'Content-Type': types[path.extname(target)] || 'application/octet-stream' });
        response.end(data);
    });
});

// The DevTools protocol over the pipe.
function devtools(child) {
    let buffer = '', next = 1;
    const waiting = new Map();
    child.stdio[4].on('data', (chunk) => {
        buffer += chunk.toString();
        let end;
        while ((end = buffer.indexOf('\0')) >= 0) {
            const message = JSON.parse(buffer.slice(0, end));
            buffer = buffer.slice(end + 1);
            if (message.id && waiting.has(message.id)) {
                const { resolve, reject } = waiting.get(message.id);
                waiting.delete(message.id);
                if (message.error) reject(new Error(message.error.message)); else resolve(message.result);
            }
        }
    });
    return (method, params, sessionId) => new Promise((resolve, reject) => {
        const id = next++;
        waiting.set(id, { resolve, reject });
        child.stdio[3].write(JSON.stringify({ id, method, params: params || {}, sessionId }) + '\0');
    });
}

// The bar chart: a title, a logarithmic axis with its unit, a legend for
// both colours, every text inside the canvas; no third table.
async function checkChart(evaluate) {
    const chart = await evaluate(`(() => {
        const svg = document.querySelector('#chart svg');
        if (!svg) return null;
        const box = svg.getBoundingClientRect();
        const texts = [...svg.querySelectorAll('text')].map((t) => {
            const r = t.getBoundingClientRect();
            return { text: t.textContent, left: r.left - box.left, right: r.right - box.left, top: r.top - box.top,
                bottom: r.bottom - box.top };
        });
        const bars = [...svg.querySelectorAll('.bar-row')].map((g) => ({ ns: Number(g.dataset.ns),
            width: Number(g.querySelector('rect').getAttribute('width')), simd: g.querySelector('rect').classList.contains('bar-simd') }));
        return { width: box.width, height: box.height, texts, bars, tables: [...document.querySelectorAll('table')].map((table) => table.id).join(',') };
    })()`);
    check(chart !== null, 'the page draws a bar chart');
    if (chart === null) return;
    const words = chart.texts.map((t) => t.text);
    check(words.some((w) => /^ns per query \(median\).*logarithmic/.test(w)), 'the chart has a title naming the axis scale');
    check(words.includes('ns per query (logarithmic)') && words.filter((w) => /^[0-9.]+$/.test(w)).length >= 2,
        'the chart has an axis with its unit and values');
    check(words.includes('scalar WebAssembly') && words.some((w) => w.startsWith('SIMD128')) &&
        chart.bars.some((bar) => bar.simd), 'the chart has a legend for the SIMD128 colour');
    const outside = chart.texts.filter((t) => t.left < -0.5 || t.top < -0.5 || t.right > chart.width + 0.5 || t.bottom > chart.height + 0.5);
    check(outside.length === 0, 'every text of the chart lies inside its canvas', outside.map((t) => t.text).join(', '));
    // Logarithmic: each bar's length is a + b log(ns), fitted on the
    // fastest and slowest (a linear axis puts the middle bars off the line).
    const [first, last] = [chart.bars[0], chart.bars[chart.bars.length - 1]];
    const slope = (last.width - first.width) / Math.log(last.ns / first.ns);
    const off = chart.bars.filter((bar) => bar.width > 1 && Math.abs(first.width + slope * Math.log(bar.ns / first.ns) - bar.width) > 0.6);
    check(chart.bars.length > 2 && slope > 0 && off.length === 0, 'the bars are on a logarithmic axis',
        `${off.length} bars off the line`);
    check(chart.tables === 'committed,machines', 'two tables, the committed results and their machines: none repeated',
        `tables: ${chart.tables}`);
}

// The page served without #run: ready, not started, and saying how to start.
async function checkUnstarted(send, url) {
    const { targetId } = await send('Target.createTarget', { url });
    const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
    const evaluate = async (expression) => (await send('Runtime.evaluate',
        { expression, returnByValue: true, awaitPromise: true }, sessionId)).result.value;
    let state;
    for (let tries = 0; tries < 240 && (state = await evaluate('document.body.dataset.state')) !== 'ready'; tries++)
        await new Promise((resolve) => setTimeout(resolve, 500));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    state = await evaluate('document.body.dataset.state');
    const note = await evaluate("document.getElementById('start-note').textContent");
    check(state === 'ready' && /#run/.test(note), 'without #run the page waits for the button and says #run starts it', `state ${state}`);
    await send('Target.closeTarget', { targetId });
}

// The page opened from file://: it says that it must be served, with the
// command, and still draws every committed machine run.
async function checkOpenedAsFile(send, machines) {
    const url = `file://${path.resolve(site, 'index.html')}`;
    const { targetId } = await send('Target.createTarget', { url });
    const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
    const evaluate = async (expression) => (await send('Runtime.evaluate',
        { expression, returnByValue: true, awaitPromise: true }, sessionId)).result.value;
    let state;
    for (let tries = 0; tries < 60 && (state = await evaluate('document.readyState === "complete" && document.body.dataset.state')) !== 'unserved'; tries++)
        await new Promise((resolve) => setTimeout(resolve, 500));
    const note = await evaluate("document.getElementById('served-note').hidden ? '' : document.getElementById('served-note').textContent");
    check(state === 'unserved' && /python3 -m http\.server/.test(note), 'opened as a file: the page says it must be served, with the command',
        `state ${state}`);
    check(Number(await evaluate("document.getElementById('committed').dataset.machines")) === machines,
        `opened as a file: the committed results still show all ${machines} machine runs`);
    await send('Target.closeTarget', { targetId });
}

function cliRun(args) {
    const result = spawnSync(cli, args, { encoding: 'utf8' });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

// The page's WASI shim run in node itself: compare of two different files
// gets past its check that they are not one file (the shim once gave every
// file one inode number, so that compare took them for standard input
// twice), then meets the shim's read-only memory, which has no room for
// compare's scratch file (the page offers no compare).
function checkShimInNode() {
    const holder = {};
    new Function('self', fs.readFileSync(path.join(site, 'wasi-shim.js'), 'utf8'))(holder);
    const files = {};
    for (const name of ['compare-run1.csv', 'compare-run2.csv'])
        files[`/${name}`] = new Uint8Array(fs.readFileSync(path.join(__dirname, 'data', name)));
    let stdout = '', stderr = '';
    const shim = new holder.WasiShim({
        args: ['attackbench', 'compare', '/compare-run1.csv', '/compare-run2.csv'], env: {}, files,
        onOutput: (fd, text) => { if (fd === 1) stdout += text; else stderr += text; },
    });
    const status = shim.run(new WebAssembly.Module(fs.readFileSync(path.join(site, 'attackbench.wasm'))));
    check(status === 2 && !/standard input/.test(stderr) && /cannot create a temporary file/.test(stderr),
        'the WASI shim: two files in its memory are two files', `exit ${status}: ${stderr.slice(0, 300)}`);
}

async function main() {
    checkShimInNode();
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${server.address().port}/#run`;
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'attackbench-chromium-'));
    const child = spawn(chromium, ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
        '--disable-component-update', '--disable-sync', '--no-first-run', `--user-data-dir=${profile}`,
        '--remote-debugging-pipe', '--window-size=1200,900', 'about:blank'],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'], detached: true });
    const send = devtools(child);
    // Chromium and its helper processes write the profile until they have
    // exited: the whole process group is stopped, then the profile removed.
    // A helper that outlived the group once made the removal throw after
    // every check had passed (ENOTEMPTY): it is retried for five seconds,
    // and a profile left behind is said, not a failure of the page.
    const stop = (status) => {
        child.once('exit', () => {
            try {
                fs.rmSync(profile, { recursive: true, force: true, maxRetries: 20, retryDelay: 250 });
            } catch (error) {
                console.log(`# note: chromium's profile ${profile} could not be removed (${error.code})`);
            }
            process.exit(status);
        });
        try {
            process.kill(-child.pid, 'SIGTERM');
        } catch (error) {
            child.kill();
        }
        server.close();
    };
    const timer = setTimeout(() => { console.log('FAIL the page did not finish in 20 minutes'); stop(1); }, TIMEOUT_MS);
    try {
        await checkUnstarted(send, url.replace(/#run$/, ''));
        const { targetId } = await send('Target.createTarget', { url });
        const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
        const evaluate = async (expression) => (await send('Runtime.evaluate',
            { expression, returnByValue: true, awaitPromise: true }, sessionId)).result.value;
        const started = Date.now();
        let state;
        while ((state = await evaluate('document.body.dataset.state')) !== 'done' && state !== 'error')
            await new Promise((resolve) => setTimeout(resolve, 1000));
        console.log(`# the page finished (${state}) in ${((Date.now() - started) / 1000).toFixed(0)} s`);
        check(state === 'done', 'the benchmark in the page finishes', await evaluate("document.getElementById('error').textContent"));

        const methods = cliRun(['--list']).stdout.split('\n').map((line) => line.split(/\s+/))
            .filter((w) => w[1] === 'available' && w[0] !== 'reference' && w[0] !== 'null').map((w) => w[0]);
        const calls = await evaluate("document.getElementById('clock-note').textContent.match(/is ([0-9,]+) lookups/)[1].replace(/,/g, '')");
        const cliCsv = cliRun([`--method=${methods.join(',')}`, '--workload=random', '--piece=queen', '--dispatch=batch',
            '--reps=1', `--calls=${calls}`, '-q', '--format=csv']).stdout.trim().split('\n');
        const header = cliCsv[0].split(','), methodColumn = header.indexOf('method');
        const expected = {};
        for (const line of cliCsv.slice(1)) {
            const fields = line.match(/("[^"]*"|[^,]*)(,|$)/g).map((field) => field.replace(/,$/, ''));
            expected[fields[methodColumn]] = fields[header.indexOf('checksum')];
        }
        const rows = await evaluate("[...document.querySelectorAll('#chart .bar-row')].map((g) => [g.dataset.method, g.dataset.checksum])");
        const seen = Object.fromEntries(rows || []);
        for (const method of methods)
            check(seen[method] !== undefined && seen[method] === expected[method], `page row ${method} with the command line's checksum`,
                `page ${seen[method]}, command line ${expected[method]}`);
        await checkChart(evaluate);
        // make results' files in results/, and make results-quick's in its machine folders.
        const runFile = (name) => /-\d{4}-\d\d-\d\d-(gcc|clang)\.csv$/.test(name);
        const folders = fs.readdirSync('results', { withFileTypes: true }).filter((entry) => entry.isDirectory());
        const machines = new Set(fs.readdirSync('results').filter(runFile).concat(
            folders.flatMap((folder) => fs.readdirSync(`results/${folder.name}`).filter(runFile))));
        check(Number(await evaluate("document.getElementById('committed').dataset.machines")) === machines.size,
            `the committed results show all ${machines.size} machine runs`);
        check(Number(await evaluate("document.getElementById('machines').dataset.machines")) === machines.size,
            `the machine folders table lists all ${machines.size} machine runs`);
        await checkOpenedAsFile(send, machines.size);

        const badFen = fs.readFileSync('tests/bad-input/bad-piece.fen');
        for (const [name, args, files] of [
            ['an unknown method', ['--method=nosuch', '--workload=random'], {}],
            ['a bad FEN file', ['--method=magic-black', 'tests/bad-input/bad-piece.fen'], { '/tests/bad-input/bad-piece.fen': badFen }],
            ['an unwritable output', ['--method=magic-black', '--workload=random', '--reps=1', '--calls=1000', '-q',
                '--csv=/nonexistent-folder/out.csv'], {}],
        ]) {
            const native = cliRun(args);
            const filesCode = JSON.stringify(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, [...v]])));
            const page = await evaluate(`(async () => { const files = Object.fromEntries(Object.entries(${filesCode})` +
                `.map(([k, v]) => [k, new Uint8Array(v)])); return await window.runCommand(${JSON.stringify(args)}, files); })()`);
            const firstLine = (text) => text.split('\n')[0];
            check(page.status === native.status && firstLine(page.stderr) === firstLine(native.stderr),
                `${name} in the page: the command line's error and exit status ${native.status}`,
                `page ${page.status}: ${firstLine(page.stderr)}; command line ${native.status}: ${firstLine(native.stderr)}`);
        }
        const { data } = await send('Page.captureScreenshot', { format: 'png', captureBeyondViewport: true }, sessionId);
        fs.writeFileSync(screenshot, Buffer.from(data, 'base64'));
        console.log(`# screenshot: ${screenshot}`);
    } catch (error) {
        check(false, 'driving the page', error.message);
    }
    clearTimeout(timer);
    console.log(`${failures === 0 ? 'all passed' : `${failures} failed`}`);
    stop(failures === 0 ? 0 : 1);
}

main();
