// Runs a wasm32-wasi program (make wasm) under node's WASI, as the native
// program would run: the arguments, the environment, standard streams,
// the whole file system preopened at "/" and the working directory in PWD
// (src/platform/wasm.c moves there first, so relative paths work), and the
// program's exit status as node's.  ATTACKBENCH_ENGINE names node and V8
// for the context line; ATTACKBENCH_HOST_CPU names the CPU (the module
// cannot read it): os.cpus()'s model, unless the caller set it (make
// results-wasm passes the native program's CPUID brand string, so that
// both builds name one machine alike).
// Usage: node --no-warnings wasi-run.cjs PROGRAM.wasm [ARGUMENT...]
'use strict';
// node 20 calls WASI's functions from WebAssembly by V8's fast API calls,
// inside which nothing roots the WASI object; an allocation there (path_open
// reports its memory to V8) can start a garbage collection, which then
// destroys the WASI object in the middle of the call (uvwasi_destroy from a
// weak callback: node aborts with no word) or corrupts the heap while
// memory grows.  --pressure=64M and --queries=16777216 did so within
// seconds.  The ordinary calls hold the object in a handle: they are used,
// set before the module is instantiated.  The timed loops call nothing:
// the clock is read once at each end of a repetition (about a million
// lookups by default), so a slower call does not reach the figures.
require('node:v8').setFlagsFromString('--no-turbo-fast-api-calls');
const { WASI } = require('node:wasi');
const fs = require('node:fs');
const path = require('node:path');

const programPath = process.argv[2];
const environment = Object.assign({}, process.env, {
    PWD: process.cwd(),
    ATTACKBENCH_ENGINE: `node ${process.version}, V8 ${process.versions.v8}`,
    ATTACKBENCH_HOST_NAME: require('node:os').hostname(),
    ATTACKBENCH_HOST_CPU: process.env.ATTACKBENCH_HOST_CPU ||
        (require('node:os').cpus()[0] || { model: 'unknown CPU' }).model.trim(),
});
const wasi = new WASI({
    version: 'preview1',
    args: [path.basename(programPath, '.wasm')].concat(process.argv.slice(3)),
    env: environment,
    preopens: { '/': '/' },
    returnOnExit: true,
});
let program;
try {
    program = new WebAssembly.Module(fs.readFileSync(programPath));
} catch (error) {
    process.stderr.write(`${programPath}: cannot load: ${error.message}\n`);
    process.exit(2);
}
const instance = new WebAssembly.Instance(program, wasi.getImportObject());
// Both stay reachable until node exits, whatever the engine makes of the
// locals below.
globalThis.attackbenchRun = { wasi, instance };
try {
    process.exitCode = wasi.start(instance);
} catch (error) {
    // A trap (abort(), an out-of-bounds access) ends the program as a
    // signal would end the native one: one line, status 134 as for SIGABRT.
    process.stderr.write(`${path.basename(programPath)}: WebAssembly trap: ${error.message}\n`);
    process.exitCode = 134;
}
