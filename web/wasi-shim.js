// A tiny WASI (preview 1) for attackbench.wasm in a browser's Web Worker,
// written for it: the arguments and environment, the clocks from
// performance.now() (its resolution measured, not assumed), standard output
// and error handed to callbacks, random bytes from crypto, and a read-only
// file system in memory holding the files the page gives (a write is
// refused as on a read-only disk).  Only the 25 calls attackbench imports.
'use strict';

const ERRNO = { SUCCESS: 0, ACCES: 2, BADF: 8, EXIST: 20, INVAL: 28, ISDIR: 31, NOENT: 44, NOTDIR: 54, ROFS: 69, SPIPE: 70 };
const FILETYPE = { CHARACTER_DEVICE: 2, DIRECTORY: 3, REGULAR_FILE: 4 };
const OPEN_CREATE = 1, OPEN_TRUNCATE = 8, RIGHT_FD_WRITE = 1n << 6n;
const ROOT_FD = 3;

class WasiExit {
    constructor(code) { this.code = code; }
}

// The resolution of performance.now() here: the smallest step seen.
function measureClockStep() {
    let smallest = Infinity;
    for (let i = 0; i < 200; i++) {
        const start = performance.now();
        let now = start;
        while (now === start) now = performance.now();
        smallest = Math.min(smallest, now - start);
    }
    return smallest; // milliseconds
}

class WasiShim {
    // files: { "/path": Uint8Array }; onOutput(fd, text) for fds 1 and 2.
    constructor({ args, env, files, onOutput }) {
        this.args = args;
        this.env = Object.entries(env || {}).map(([key, value]) => `${key}=${value}`);
        this.files = files || {};
        this.onOutput = onOutput;
        this.open = new Map(); // fd -> { path, data, position }
        this.nextFd = ROOT_FD + 1;
        this.clockStepMs = measureClockStep();
        this.decoders = { 1: new TextDecoder(), 2: new TextDecoder() };
    }

    view() { return new DataView(this.memory.buffer); }
    bytes(pointer, length) { return new Uint8Array(this.memory.buffer, pointer, length); }
    text(pointer, length) { return new TextDecoder().decode(this.bytes(pointer, length)); }

    // "data/x.fen" (relative to the preopened "/") or "/data/x.fen".
    resolve(path) { return '/' + path.split('/').filter((part) => part && part !== '.').join('/'); }
    isDirectory(path) {
        if (path === '/') return true;
        return Object.keys(this.files).some((name) => name.startsWith(path + '/'));
    }

    writeStrings(strings, pointers, buffer) {
        const view = this.view();
        let at = buffer;
        strings.forEach((string, i) => {
            const encoded = new TextEncoder().encode(string + '\0');
            view.setUint32(pointers + 4 * i, at, true);
            this.bytes(at, encoded.length).set(encoded);
            at += encoded.length;
        });
        return ERRNO.SUCCESS;
    }
    writeSizes(strings, countPointer, sizePointer) {
        const view = this.view();
        view.setUint32(countPointer, strings.length, true);
        view.setUint32(sizePointer, strings.reduce((sum, s) => sum + new TextEncoder().encode(s).length + 1, 0), true);
        return ERRNO.SUCCESS;
    }
    // A file's own inode number, so that two files never look like one
    // (compare refuses two names of one file, standard input twice): the
    // standard streams 1 to 3, the root 4, the files from 5 in the order
    // first asked about.
    inode(key) {
        if (!this.inodes) this.inodes = new Map([['fd:0', 1], ['fd:1', 2], ['fd:2', 3], ['/', 4]]);
        if (!this.inodes.has(key)) this.inodes.set(key, this.inodes.size + 1);
        return this.inodes.get(key);
    }
    writeFilestat(pointer, filetype, size, key) {
        const view = this.view();
        this.bytes(pointer, 64).fill(0);
        view.setBigUint64(pointer + 8, BigInt(this.inode(key)), true);
        view.setUint8(pointer + 16, filetype);
        view.setBigUint64(pointer + 24, 1n, true);
        view.setBigUint64(pointer + 32, BigInt(size), true);
        return ERRNO.SUCCESS;
    }

    imports() {
        const shim = this;
        return { wasi_snapshot_preview1: {
            args_get: (pointers, buffer) => shim.writeStrings(shim.args, pointers, buffer),
            args_sizes_get: (count, size) => shim.writeSizes(shim.args, count, size),
            environ_get: (pointers, buffer) => shim.writeStrings(shim.env, pointers, buffer),
            environ_sizes_get: (count, size) => shim.writeSizes(shim.env, count, size),
            clock_res_get(id, pointer) {
                shim.view().setBigUint64(pointer, BigInt(Math.max(1, Math.round(shim.clockStepMs * 1e6))), true);
                return ERRNO.SUCCESS;
            },
            clock_time_get(id, precision, pointer) {
                const milliseconds = id === 0 ? Date.now() : performance.timeOrigin + performance.now();
                shim.view().setBigUint64(pointer, BigInt(Math.round(milliseconds * 1e6)), true);
                return ERRNO.SUCCESS;
            },
            fd_close(fd) { return shim.open.delete(fd) || fd <= ROOT_FD ? ERRNO.SUCCESS : ERRNO.BADF; },
            fd_fdstat_get(fd, pointer) {
                const view = shim.view();
                shim.bytes(pointer, 24).fill(0);
                if (fd <= 2) view.setUint8(pointer, FILETYPE.CHARACTER_DEVICE);
                else if (fd === ROOT_FD) view.setUint8(pointer, FILETYPE.DIRECTORY);
                else if (shim.open.has(fd)) view.setUint8(pointer, FILETYPE.REGULAR_FILE);
                else return ERRNO.BADF;
                // Every right, seeking included: no descriptor looks like a terminal.
                view.setBigUint64(pointer + 8, 0x1fffffffn, true);
                view.setBigUint64(pointer + 16, 0x1fffffffn, true);
                return ERRNO.SUCCESS;
            },
            fd_fdstat_set_flags: () => ERRNO.SUCCESS,
            fd_filestat_get(fd, pointer) {
                if (fd <= 2) return shim.writeFilestat(pointer, FILETYPE.CHARACTER_DEVICE, 0, `fd:${fd}`);
                if (fd === ROOT_FD) return shim.writeFilestat(pointer, FILETYPE.DIRECTORY, 0, '/');
                const file = shim.open.get(fd);
                return file ? shim.writeFilestat(pointer, FILETYPE.REGULAR_FILE, file.data.length, file.path) : ERRNO.BADF;
            },
            fd_pread: () => ERRNO.SPIPE,
            fd_prestat_get(fd, pointer) {
                if (fd !== ROOT_FD) return ERRNO.BADF;
                shim.view().setUint8(pointer, 0);
                shim.view().setUint32(pointer + 4, 1, true);
                return ERRNO.SUCCESS;
            },
            fd_prestat_dir_name(fd, pointer, length) {
                if (fd !== ROOT_FD) return ERRNO.BADF;
                shim.bytes(pointer, length).set(new TextEncoder().encode('/').subarray(0, length));
                return ERRNO.SUCCESS;
            },
            fd_read(fd, iovs, count, readPointer) {
                const view = shim.view();
                const file = shim.open.get(fd);
                if (fd !== 0 && !file) return ERRNO.BADF;
                let total = 0;
                for (let i = 0; i < count && file; i++) {
                    const pointer = view.getUint32(iovs + 8 * i, true), length = view.getUint32(iovs + 8 * i + 4, true);
                    const chunk = file.data.subarray(file.position, file.position + length);
                    shim.bytes(pointer, chunk.length).set(chunk);
                    file.position += chunk.length;
                    total += chunk.length;
                }
                view.setUint32(readPointer, total, true);
                return ERRNO.SUCCESS;
            },
            fd_seek(fd, offset, whence, pointer) {
                const file = shim.open.get(fd);
                if (!file) return fd <= 2 ? ERRNO.SPIPE : ERRNO.BADF;
                const base = whence === 0 ? 0 : whence === 1 ? file.position : file.data.length;
                const position = base + Number(offset);
                if (position < 0) return ERRNO.INVAL;
                file.position = position;
                shim.view().setBigUint64(pointer, BigInt(position), true);
                return ERRNO.SUCCESS;
            },
            fd_sync: () => ERRNO.SUCCESS,
            fd_write(fd, iovs, count, writtenPointer) {
                if (fd !== 1 && fd !== 2) return shim.open.has(fd) ? ERRNO.BADF : ERRNO.BADF;
                const view = shim.view();
                let total = 0, text = '';
                for (let i = 0; i < count; i++) {
                    const pointer = view.getUint32(iovs + 8 * i, true), length = view.getUint32(iovs + 8 * i + 4, true);
                    text += shim.decoders[fd].decode(shim.bytes(pointer, length), { stream: true });
                    total += length;
                }
                shim.onOutput(fd, text);
                view.setUint32(writtenPointer, total, true);
                return ERRNO.SUCCESS;
            },
            path_filestat_get(fd, flags, pathPointer, pathLength, pointer) {
                const path = shim.resolve(shim.text(pathPointer, pathLength));
                if (path in shim.files) return shim.writeFilestat(pointer, FILETYPE.REGULAR_FILE, shim.files[path].length, path);
                return shim.isDirectory(path) ? shim.writeFilestat(pointer, FILETYPE.DIRECTORY, 0, path) : ERRNO.NOENT;
            },
            path_open(fd, dirflags, pathPointer, pathLength, oflags, rightsBase, rightsInheriting, fdflags, fdPointer) {
                const path = shim.resolve(shim.text(pathPointer, pathLength));
                const writing = (oflags & (OPEN_CREATE | OPEN_TRUNCATE)) !== 0 || (BigInt(rightsBase) & RIGHT_FD_WRITE) !== 0n;
                const exists = path in shim.files, directory = shim.isDirectory(path);
                if (writing) {
                    if (directory) return ERRNO.ISDIR;
                    const parent = path.slice(0, path.lastIndexOf('/')) || '/';
                    return exists || shim.isDirectory(parent) ? ERRNO.ROFS : ERRNO.NOENT;
                }
                if (!exists) return directory ? ERRNO.ISDIR : ERRNO.NOENT;
                const newFd = shim.nextFd++;
                shim.open.set(newFd, { path, data: shim.files[path], position: 0 });
                shim.view().setUint32(fdPointer, newFd, true);
                return ERRNO.SUCCESS;
            },
            path_readlink: () => ERRNO.INVAL,
            path_remove_directory: () => ERRNO.ROFS,
            path_rename: () => ERRNO.ROFS,
            path_unlink_file: () => ERRNO.ROFS,
            proc_exit(code) { throw new WasiExit(code); },
            random_get(pointer, length) {
                for (let at = 0; at < length; at += 65536)
                    crypto.getRandomValues(shim.bytes(pointer + at, Math.min(65536, length - at)));
                return ERRNO.SUCCESS;
            },
        } };
    }

    // Runs the program to its end; returns its exit status.
    run(module) {
        const instance = new WebAssembly.Instance(module, this.imports());
        this.memory = instance.exports.memory;
        try {
            instance.exports._start();
            return 0;
        } catch (error) {
            if (error instanceof WasiExit) return error.code;
            throw error;
        }
    }
}

self.WasiShim = WasiShim;
