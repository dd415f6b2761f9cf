// readmap pi extension: written by `readmap setup pi`; `readmap setup pi --remove` deletes it.
//
// It replaces pi's read tool the way pi-read-map does. With offset or limit, for an image, a small
// file, or anything readmap cannot read (a missing file, a binary file): pi's own read, unchanged.
// For a large file: readmap's first page and the map of the whole file, as two text blocks of
// the same tool result (never a separate message: parallel reads and the providers' APIs break
// on those). For a folder: a listing. It also adds readmap_edit (change a symbol or a unique text,
// with a backup and undo; pi's own edit stays as it is) and sym (where a name is defined). It
// runs the readmap binary with --json for every call and keeps no state of its own.
import { execFile } from "node:child_process";
import { readdir, stat } from "node:fs/promises";
import { homedir } from "node:os";
import { isAbsolute, join, relative, resolve } from "node:path";
import { type ExtensionAPI, createReadToolDefinition, withFileMutationQueue } from "@mariozechner/pi-coding-agent";
import { Type } from "typebox";

// The readmap command, as setup found it; READMAP_BIN overrides it.
const configured = "readmap";
const READMAP = process.env.READMAP_BIN || configured;

type Run = { code: number; stdout: string; stderr: string };

// readmap runs the binary in cwd and returns its exit code and output; stdin is written to it.
function readmap(args: string[], cwd: string, signal?: AbortSignal, stdin?: string): Promise<Run> {
	return new Promise((done) => {
		const child = execFile(
			READMAP,
			args,
			{ cwd, signal, maxBuffer: 64 * 1024 * 1024, encoding: "utf8" },
			(err, stdout, stderr) => {
				const code = err ? (typeof (err as any).code === "number" ? (err as any).code : -1) : 0;
				done({ code, stdout: String(stdout ?? ""), stderr: String(stderr ?? "") });
			},
		);
		if (stdin !== undefined) child.stdin?.end(stdin);
	});
}

// failure turns readmap's JSON error (or its stderr) into an Error for pi to report.
function failure(run: Run): Error {
	try {
		const e = JSON.parse(run.stdout).error;
		if (e?.message) return new Error(`readmap: ${e.message}${e.hint ? `\nhint: ${e.hint}` : ""}`);
	} catch {}
	return new Error(run.stderr.trim() || `readmap exited with ${run.code}`);
}

// absolutePath resolves a tool's path as pi's own tools do: a leading @ dropped, ~ expanded.
function absolutePath(path: string, cwd: string): string {
	let p = path.startsWith("@") ? path.slice(1) : path;
	if (p === "~") p = homedir();
	else if (p.startsWith("~/")) p = join(homedir(), p.slice(2));
	return isAbsolute(p) ? p : resolve(cwd, p);
}

const IMAGE = /\.(png|jpe?g|gif|webp)$/i;

function count(n: number): string {
	return n.toLocaleString("en-US");
}

// listing is a folder's entries, one a line, folders with a trailing slash.
async function listing(abs: string, shown: string): Promise<string> {
	const entries = await readdir(abs, { withFileTypes: true });
	entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
	const max = 500;
	const lines = entries.slice(0, max).map((e) => (e.isDirectory() ? `${e.name}/` : e.name));
	let text = `[${shown} is a folder: ${count(entries.length)} entries. Read a file in it with read.]\n${lines.join("\n")}`;
	if (entries.length > max) text += `\n[${count(entries.length - max)} more entries not shown]`;
	return text;
}

export default function (pi: ExtensionAPI) {
	pi.registerTool({
		...createReadToolDefinition(process.cwd()),
		name: "read",
		label: "read",
		description:
			"Read the contents of a file. Supports text files and images (jpg, png, gif, webp). A small file comes back whole. A large file comes back as its first page plus a map of every symbol (class, function, heading, key) with its line range: read the lines you need next with offset and limit taken from the map. Never conclude from the first page of a large file alone. A folder comes back as a listing.",
		promptSnippet: "Read file contents (large files: first page plus a map of symbols with line ranges)",
		promptGuidelines: [
			"Use read to examine files instead of cat or sed; for a large file, use the map's line ranges as offset and limit in the next read.",
		],
		async execute(toolCallId, params, signal, onUpdate, ctx) {
			const own = createReadToolDefinition(ctx.cwd);
			const piRead = () => own.execute(toolCallId, params, signal, onUpdate, ctx);
			if (params.offset !== undefined || params.limit !== undefined || IMAGE.test(params.path)) return piRead();
			const abs = absolutePath(params.path, ctx.cwd);
			let info;
			try {
				info = await stat(abs);
			} catch {
				return piRead(); // pi says what is wrong, as it always did
			}
			if (info.isDirectory()) {
				return { content: [{ type: "text", text: await listing(abs, params.path) }], details: undefined };
			}
			const run = await readmap(["read", abs, "--json"], ctx.cwd, signal);
			let ans: any;
			try {
				ans = run.code === 0 ? JSON.parse(run.stdout) : undefined;
			} catch {}
			if (!ans || !ans.truncated) return piRead(); // small, binary, or readmap missing: pi's own read
			const shown = relative(ctx.cwd, abs).startsWith("..") ? abs : relative(ctx.cwd, abs);
			const size = `${(ans.total_bytes / 1024).toFixed(1)} KB`;
			const page =
				`[readmap: ${shown}: ${count(ans.total_lines)} lines, ${size}, ${ans.language}. Partial view: lines ${count(ans.start_line)}-${count(ans.end_line)} of ${count(ans.total_lines)}; the map of the whole file follows.]\n` +
				ans.content +
				(ans.content.endsWith("\n") ? "" : "\n") +
				`[Showing lines ${count(ans.start_line)}-${count(ans.end_line)} of ${count(ans.total_lines)}. Read a symbol's lines with read and offset/limit (ranges [A-B] from the map below: offset=A, limit=B-A+1), or go on with offset=${ans.end_line + 1}. Do not conclude from this page alone.]`;
			const map = String(ans.map ?? "").replace(
				/^Read a symbol: readmap read .* --lines A-B$/m,
				"Read a symbol: read with offset=A and limit=B-A+1",
			);
			return {
				content: [
					{ type: "text", text: page },
					{ type: "text", text: map },
				],
				details: undefined,
			};
		},
	});

	pi.registerTool({
		name: "readmap_edit",
		label: "readmap_edit",
		description:
			"Change a file by symbol or by text, safely. Replace a whole symbol (a function, method, class, heading: Class.method or a plain name, as the read map names it) with symbol and new, add lines next to it with insert_before/insert_after, remove it with delete; or replace a text that occurs once with old and new (all: every occurrence; within: only inside that symbol). The file keeps its line endings, encoding and mode; a backup is kept and undo restores it. Answers with the diff. A failure changes nothing and says why.",
		promptSnippet: "Change a whole symbol (function, class, method) by name, or undo an edit",
		promptGuidelines: [
			"Use readmap_edit to replace, insert next to, or delete a whole function, method or class by its name from the read map; use edit for small text changes.",
		],
		parameters: Type.Object({
			path: Type.String({ description: "Path to the file to change (relative or absolute)" }),
			symbol: Type.Optional(Type.String({ description: "The symbol to change: Class.method or a plain name" })),
			new: Type.Optional(Type.String({ description: "The new text: with symbol, the symbol's whole new lines; with old, the replacement" })),
			insert_before: Type.Optional(Type.String({ description: "With symbol: whole lines to add before it" })),
			insert_after: Type.Optional(Type.String({ description: "With symbol: whole lines to add after it" })),
			delete: Type.Optional(Type.Boolean({ description: "With symbol: remove its lines" })),
			old: Type.Optional(Type.String({ description: "The text to replace; it must occur once unless all is set" })),
			all: Type.Optional(Type.Boolean({ description: "Replace every occurrence of old" })),
			within: Type.Optional(Type.String({ description: "Look for old only inside this symbol" })),
			if_hash: Type.Optional(Type.String({ description: "Refuse unless the file's hash is still this one" })),
			undo: Type.Optional(Type.Boolean({ description: "Restore the newest backup of the file" })),
		}),
		async execute(_toolCallId, params, signal, _onUpdate, ctx) {
			const abs = absolutePath(params.path, ctx.cwd);
			return withFileMutationQueue(abs, async () => {
				const args = ["edit", abs, "--json"];
				let stdin: string | undefined;
				if (params.if_hash) args.push("--if-hash", params.if_hash);
				if (params.undo) {
					args.push("--undo");
				} else {
					const one: Record<string, unknown> = {};
					for (const key of ["symbol", "new", "insert_before", "insert_after", "delete", "old", "all", "within"] as const) {
						if (params[key] !== undefined) one[key] = params[key];
					}
					args.push("--batch", "-");
					stdin = JSON.stringify([one]);
				}
				const run = await readmap(args, ctx.cwd, signal, stdin);
				if (run.code !== 0) throw failure(run);
				const ans = JSON.parse(run.stdout);
				const lines = [ans.diff ?? "", `[Edited ${params.path}: match: ${ans.match ?? "undo"}; hash ${ans.hash}; backup ${ans.backup ?? "none"}]`];
				return { content: [{ type: "text", text: lines.join("").trimStart() }], details: undefined };
			});
		},
	});

	pi.registerTool({
		name: "sym",
		label: "sym",
		description:
			"Find where a symbol is defined across the whole repository by name (exact, prefix, substring, then typo-tolerant). Each hit is path:start-end kind qualname signature; read those lines next with read and offset/limit.",
		promptSnippet: "Find where a function, class or method is defined, by name",
		promptGuidelines: ["Use sym to find where a name is defined before searching files with grep."],
		parameters: Type.Object({
			query: Type.String({ description: "A symbol name or Class.method" }),
			kind: Type.Optional(Type.String({ description: "Only this kind: function, method, class, struct, ..." })),
			path: Type.Optional(Type.String({ description: "Only files whose path matches this glob" })),
			limit: Type.Optional(Type.Number({ description: "Most hits (default 20)" })),
		}),
		async execute(_toolCallId, params, signal, _onUpdate, ctx) {
			const args = ["sym", params.query, "--json"];
			if (params.kind) args.push("--kind", params.kind);
			if (params.path) args.push("--path", params.path);
			if (params.limit !== undefined) args.push("--limit", String(params.limit));
			const run = await readmap(args, ctx.cwd, signal);
			if (run.code !== 0) throw failure(run);
			const hits: any[] = JSON.parse(run.stdout);
			const text = hits
				.map((h) => `${h.path}:${h.start_line}-${h.end_line}  ${h.kind}  ${h.qualname}  ${h.signature ?? ""}`.trimEnd())
				.join("\n");
			return { content: [{ type: "text", text: text + (run.stderr.trim() ? `\n${run.stderr.trim()}` : "") }], details: undefined };
		},
	});

	pi.registerTool({
		name: "refs",
		label: "refs",
		description:
			"Find who uses a name across the whole repository before changing it: its definitions first, then every line that uses it outside comments and strings, as path:line in ENCLOSING-SYMBOL the line. Class.method keeps member accesses.",
		promptSnippet: "Find every use of a function, class or method, by name",
		promptGuidelines: ["Use refs before changing or removing a function, to find its callers."],
		parameters: Type.Object({
			name: Type.String({ description: "A name or Class.method" }),
			path: Type.Optional(Type.String({ description: "Only files whose path matches this glob" })),
			limit: Type.Optional(Type.Number({ description: "Most hits (default 100; 0 for all)" })),
		}),
		async execute(_toolCallId, params, signal, _onUpdate, ctx) {
			const args = ["refs", "--", params.name];
			if (params.path) args.splice(1, 0, "--path", params.path);
			if (params.limit !== undefined) args.splice(1, 0, "--limit", String(params.limit));
			const run = await readmap(args, ctx.cwd, signal);
			if (run.code !== 0) throw failure(run);
			return { content: [{ type: "text", text: run.stdout.trimEnd() }], details: undefined };
		},
	});
}
