// Runs a wasm32-wasi program (make wasm) under node's WASI, as the native
// program would run: the arguments, the environment, standard streams,
// the whole file system preopened at "/" and the working directory in PWD
// (src/platform/wasm.c moves there first, so relative paths work), and the
// program's exit status as node's.  ATTACKBENCH_ENGINE names node and V8
// for the context line.
// Usage: node --no-warnings wasi-run.cjs PROGRAM.wasm [ARGUMENT...]
'use strict';
const { WASI } = require('node:wasi');
const fs = require('node:fs');
const path = require('node:path');

const programPath = process.argv[2];
const environment = Object.assign({}, process.env, {
    PWD: process.cwd(),
    ATTACKBENCH_ENGINE: `node ${process.version}, V8 ${process.versions.v8}`,
    ATTACKBENCH_HOST_NAME: require('node:os').hostname(),
    ATTACKBENCH_HOST_CPU: (require('node:os').cpus()[0] || { model: 'unknown CPU' }).model.trim(),
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
try {
    process.exitCode = wasi.start(instance);
} catch (error) {
    // A trap (abort(), an out-of-bounds access) ends the program as a
    // signal would end the native one: one line, status 134 as for SIGABRT.
    process.stderr.write(`${path.basename(programPath)}: WebAssembly trap: ${error.message}\n`);
    process.exitCode = 134;
}
