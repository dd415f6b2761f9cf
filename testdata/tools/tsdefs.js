// tsdefs prints, as one JSON object a line, the declarations TypeScript's own parser finds in
// JavaScript and TypeScript files, for readmap's differential test
// (indexer/lang_typescript_diff_test.go):
//
//   node tsdefs.js TYPESCRIPT_JS FILE...
//
// Each object has file, kind, name, start and end (1-based lines, inclusive). The start is the
// line of the declaration's first token (an export or declare keyword, or its first decorator),
// never of a leading comment or JSDoc; the end is the line of its last token. Like readmap, it
// lists what a file's top level, its namespaces and modules, and its classes, interfaces and
// enums declare, never what is inside a function body, but for the containers of functions
// written before modules and classes: the body of a function a top-level call invokes in place
// (an IIFE, a UMD or AMD factory) as the top level; a variable or property assigned an object
// literal with methods or function-valued properties, or an IIFE (the module pattern, a class
// compiled to ES5), holding those; a top-level `exports.X = value` as a variable. Consecutive overload signatures of one
// name, and the implementation that follows them, are one declaration for readmap: each of them
// is printed with group_start and group_end, the lines of the whole run. Imports (import and
// export ... from, require calls held by a variable) are printed with kind "import", the module
// as name, and no lines. Syntax errors are printed on stderr.
"use strict";

const fs = require("fs");
const ts = require(process.argv[2]);

/** scriptKindFor tells the parser how to read a file by its extension. */
function scriptKindFor(path) {
  if (/\.(m|c)?ts$/.test(path)) return ts.ScriptKind.TS;
  if (path.endsWith(".tsx")) return ts.ScriptKind.TSX;
  if (path.endsWith(".jsx")) return ts.ScriptKind.JSX;
  return ts.ScriptKind.JS;
}

/** parse reads a file with TypeScript's parser, as a script of the kind its extension says. */
function parse(path) {
  const text = fs.readFileSync(path, "utf8");
  return ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, scriptKindFor(path));
}

// tsrefs.js reads files, and finds the containers of functions, as this script does.
module.exports = { ts, parse, unwrap, invokedBody, hasContents, isFunctionValue };

for (const path of require.main === module ? process.argv.slice(3) : []) {
  const sf = parse(path);
  for (const d of sf.parseDiagnostics || []) {
    const { line } = sf.getLineAndCharacterOfPosition(d.start);
    process.stderr.write(`${path}:${line + 1}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}\n`);
  }
  const out = [];
  statements(sf, sf.statements, out, true);
  for (const d of out) {
    process.stdout.write(JSON.stringify(Object.assign({ file: path }, d)) + "\n");
  }
}

/** line returns the 1-based line of a position. */
function line(sf, pos) {
  return sf.getLineAndCharacterOfPosition(pos).line + 1;
}

/** def builds the declaration of node (its range) with a name and a kind. */
function def(sf, node, name, kind) {
  return { kind, name, start: line(sf, node.getStart(sf)), end: line(sf, node.end), node };
}

/** nameOf returns the text of a declaration's name: unquoted for a string, as written otherwise. */
function nameOf(sf, name) {
  if (!name) return "";
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isPrivateIdentifier(name)) return name.text;
  return name.getText(sf);
}

/** isFunctionValue reports whether an initializer declares a function. */
function isFunctionValue(e) {
  return !!e && (ts.isArrowFunction(e) || ts.isFunctionExpression(e));
}

/** requireOf returns the module of a `require("x")` call (maybe awaited), or "". */
function requireOf(e) {
  while (e && ts.isAwaitExpression(e)) e = e.expression;
  if (e && ts.isCallExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === "require" &&
      e.arguments.length === 1 && ts.isStringLiteralLike(e.arguments[0])) {
    return e.arguments[0].text;
  }
  return "";
}

/**
 * statements lists the declarations among a file's or a module block's statements; top is set
 * for the file's own, where module wrappers are looked into.
 */
function statements(sf, list, out, top) {
  const here = [];
  for (const s of list) {
    statement(sf, s, here, out, top);
  }
  overloads(here);
  for (const d of here) {
    out.push(d);
    if (d.children) {
      d.children.forEach((c) => out.push(c));
    }
  }
  here.forEach(clean);
  out.forEach(clean);
}

/** clean drops the fields that are not printed. */
function clean(d) {
  delete d.node;
  delete d.children;
  delete d.body;
}

/** statement adds what one statement declares to here. */
function statement(sf, s, here, out, top) {
  switch (s.kind) {
    case ts.SyntaxKind.FunctionDeclaration: {
      const d = def(sf, s, s.name ? s.name.text : "default", "function");
      d.body = !!s.body;
      here.push(d);
      return;
    }
    case ts.SyntaxKind.ClassDeclaration:
      here.push(withMembers(sf, def(sf, s, s.name ? s.name.text : "default", "class"), s.members, classMember));
      return;
    case ts.SyntaxKind.InterfaceDeclaration:
      here.push(withMembers(sf, def(sf, s, s.name.text, "interface"), s.members, typeMember));
      return;
    case ts.SyntaxKind.EnumDeclaration:
      here.push(withMembers(sf, def(sf, s, s.name.text, "enum"), s.members,
        (sf, m) => def(sf, m, nameOf(sf, m.name), "enummember")));
      return;
    case ts.SyntaxKind.TypeAliasDeclaration:
      here.push(def(sf, s, s.name.text, "type"));
      return;
    case ts.SyntaxKind.ModuleDeclaration: {
      // `namespace A.B {}` is a module declaration A holding B: one name, "A.B".
      let name = nameOf(sf, s.name);
      let body = s.body;
      while (body && ts.isModuleDeclaration(body)) {
        name += "." + nameOf(sf, body.name);
        body = body.body;
      }
      const kind = ts.isStringLiteral(s.name) || name === "global" ? "module" : "namespace";
      const d = def(sf, s, name, kind);
      here.push(d);
      if (body && ts.isModuleBlock(body)) {
        const inner = [];
        statements(sf, body.statements, inner, false);
        d.children = inner;
      }
      return;
    }
    case ts.SyntaxKind.VariableStatement: {
      const decls = s.declarationList.declarations;
      const kind = s.declarationList.flags & ts.NodeFlags.Const ? "const" : "var";
      decls.forEach((v, i) => {
        const module = requireOf(v.initializer);
        if (module) {
          out.push({ kind: "import", name: module });
          return;
        }
        if (!ts.isIdentifier(v.name)) return; // a destructuring pattern
        // One declarator spans the whole statement; of several, the first starts at the keyword.
        const d = def(sf, decls.length === 1 ? s : v, v.name.text, kind);
        if (decls.length > 1 && i === 0) d.start = line(sf, s.getStart(sf));
        if (isFunctionValue(v.initializer)) {
          d.kind = "function";
        } else if (v.initializer && ts.isClassExpression(v.initializer)) {
          d.kind = "class";
          withMembers(sf, d, v.initializer.members, classMember);
        } else if (hasContents(v.initializer)) {
          if (isModulePattern(v.initializer, v.name.text)) d.kind = "class";
          d.children = contents(sf, v.initializer, out);
        }
        here.push(d);
      });
      return;
    }
    case ts.SyntaxKind.ExpressionStatement: {
      // CommonJS and prototype assignments: exports.f = function, Foo.prototype.m = () => {}.
      const e = s.expression;
      if (top && ts.isCallExpression(unwrap(e))) {
        moduleWrappers(sf, unwrap(e), here, out);
        return;
      }
      if (!ts.isBinaryExpression(e) || e.operatorToken.kind !== ts.SyntaxKind.EqualsToken) {
        return;
      }
      if (ts.isIdentifier(e.left)) {
        // A top-level assignment to a plain name of a function, a class or an object literal.
        if (top) globalAssignment(sf, s, e, here, out);
        return;
      }
      if (!ts.isPropertyAccessExpression(e.left)) {
        return;
      }
      if (isFunctionValue(e.right)) {
        // module.exports = function sub() {}: named sub.
        const own = e.left.getText(sf) === "module.exports" && e.right.name ? e.right.name.text : "";
        here.push(def(sf, s, own || e.left.name.text, "assigned function"));
      } else if (ts.isClassExpression(e.right)) {
        const own = e.left.getText(sf) === "module.exports" && e.right.name ? e.right.name.text : "";
        here.push(withMembers(sf, def(sf, s, own || e.left.name.text, "assigned class"), e.right.members, classMember));
      } else if (hasContents(e.right)) {
        // exports.Util = {...}, C.prototype = {...}: named by the property, or by C.
        let name = e.left.name.text;
        if (name === "prototype") {
          const o = e.left.expression;
          name = ts.isPropertyAccessExpression(o) ? o.name.text : o.getText(sf);
        }
        const d = def(sf, s, name, isModulePattern(e.right, name) ? "class" : "assigned object");
        d.children = contents(sf, e.right, out);
        here.push(d);
      } else if (isPrototypeMember(e.left)) {
        // C.prototype.constructor = C, C.prototype.Section = wrap(class Section {}).
        here.push(def(sf, s, e.left.name.text, "property"));
      } else if (top && /^(module\.)?exports$/.test(e.left.expression.getText(sf)) && !ts.isVoidExpression(e.right)) {
        here.push(def(sf, s, e.left.name.text, "var"));
      }
      return;
    }
    case ts.SyntaxKind.IfStatement:
      // A top-level if's branches declare for the file their `var` declarations, their
      // assignments (shims of globals) and their if statements; let, const, class and function
      // in a block are its own.
      if (top) {
        for (const branch of [s.thenStatement, s.elseStatement]) {
          if (!branch) continue;
          for (const b of ts.isBlock(branch) ? branch.statements : [branch]) {
            const isVar = ts.isVariableStatement(b) && !(b.declarationList.flags & ts.NodeFlags.BlockScoped);
            if (isVar || ts.isExpressionStatement(b) || ts.isIfStatement(b)) statement(sf, b, here, out, top);
          }
        }
      }
      return;
    case ts.SyntaxKind.ExportAssignment: {
      // export default class {} / function () {} / () => {}
      const e = s.expression;
      if (ts.isClassExpression(e)) {
        here.push(withMembers(sf, def(sf, s, e.name ? e.name.text : "default", "class"), e.members, classMember));
      } else if (isFunctionValue(e)) {
        here.push(def(sf, s, e.name ? e.name.text : "default", "function"));
      }
      return;
    }
    case ts.SyntaxKind.ImportDeclaration:
    case ts.SyntaxKind.ExportDeclaration:
      if (s.moduleSpecifier && ts.isStringLiteral(s.moduleSpecifier)) {
        out.push({ kind: "import", name: s.moduleSpecifier.text });
      }
      return;
  }
}

/** isPrototypeMember reports whether a target is `C.prototype.x`. */
function isPrototypeMember(left) {
  return ts.isPropertyAccessExpression(left.expression) && left.expression.name.text === "prototype";
}

/** globalAssignment adds `name = value` of a function, a class or an object literal to here. */
function globalAssignment(sf, s, e, here, out) {
  const name = e.left.text;
  if (isFunctionValue(e.right)) {
    here.push(def(sf, s, name, "assigned function"));
  } else if (ts.isClassExpression(e.right)) {
    here.push(withMembers(sf, def(sf, s, name, "assigned class"), e.right.members, classMember));
  } else if (ts.isObjectLiteralExpression(e.right)) {
    const d = def(sf, s, name, "var");
    if (hasContents(e.right)) d.children = contents(sf, e.right, out);
    here.push(d);
  }
}

/** unwrap returns the expression inside parentheses and prefix operators (`(f)`, `!f`, `void f`). */
function unwrap(e) {
  while (e && (ts.isParenthesizedExpression(e) || ts.isPrefixUnaryExpression(e) || ts.isVoidExpression(e) ||
               ts.isTypeOfExpression(e) || ts.isDeleteExpression(e))) {
    e = ts.isPrefixUnaryExpression(e) ? e.operand : e.expression;
  }
  return e;
}

/** invokedBody returns the block of the function a call invokes in place, or null. */
function invokedBody(call) {
  if (!call || !ts.isCallExpression(call)) return null;
  const f = unwrap(call.expression);
  return f && isFunctionValue(f) && f.body && ts.isBlock(f.body) ? f.body : null;
}

/** moduleWrappers lists, as the file's own, what the functions a top-level call wraps declare. */
function moduleWrappers(sf, call, here, out) {
  for (const f of [call.expression, ...call.arguments].map(unwrap)) {
    if (f && isFunctionValue(f) && f.body && ts.isBlock(f.body)) {
      for (const s of f.body.statements) statement(sf, s, here, out, true);
    }
  }
}

/** hasContents reports whether a value is an object literal of functions or an IIFE. */
function hasContents(v) {
  v = unwrap(v);
  if (!v) return false;
  if (ts.isObjectLiteralExpression(v)) {
    return v.properties.some((p) => ts.isMethodDeclaration(p) || ts.isGetAccessor(p) || ts.isSetAccessor(p) ||
      (ts.isPropertyAssignment(p) && (isFunctionValue(unwrap(p.initializer)) || ts.isClassExpression(unwrap(p.initializer)))));
  }
  return invokedBody(v) !== null;
}

/** isModulePattern reports whether v is an IIFE declaring a function named name (an ES5 class). */
function isModulePattern(v, name) {
  const body = invokedBody(unwrap(v));
  return !!body && body.statements.some((s) => ts.isFunctionDeclaration(s) && s.name && s.name.text === name);
}

/** contents returns the declarations a container value holds. */
function contents(sf, v, out) {
  v = unwrap(v);
  const list = [];
  if (ts.isObjectLiteralExpression(v)) {
    for (const p of v.properties) {
      const d = objectMember(sf, p, out);
      if (d) list.push(d);
    }
    return list;
  }
  for (const s of invokedBody(v).statements) statement(sf, s, list, out, false);
  overloads(list);
  return flatten(list);
}

/** flatten returns declarations with their children after each, as statements prints them. */
function flatten(list) {
  const all = [];
  for (const d of list) {
    all.push(d);
    if (d.children) all.push(...flatten(d.children));
  }
  return all;
}

/** objectMember returns the declaration of an object literal's property, or null. */
function objectMember(sf, p, out) {
  if (ts.isMethodDeclaration(p) || ts.isGetAccessor(p) || ts.isSetAccessor(p)) {
    return def(sf, p, nameOf(sf, p.name), "method");
  }
  if (!ts.isPropertyAssignment(p) || ts.isComputedPropertyName(p.name)) return null;
  const v = unwrap(p.initializer);
  const name = ts.isNumericLiteral(p.name) ? p.name.getText(sf) : nameOf(sf, p.name);
  if (isFunctionValue(v)) return def(sf, p, name, "method");
  if (ts.isClassExpression(v)) return withMembers(sf, def(sf, p, name, "class"), v.members, classMember);
  if (!hasContents(v)) return null;
  const d = def(sf, p, name, "property");
  d.children = contents(sf, v, out);
  return d;
}

/** withMembers sets d's children to the declarations among members, found with member. */
function withMembers(sf, d, members, member) {
  const list = [];
  for (const m of members) {
    const c = member(sf, m);
    if (c) list.push(c);
  }
  overloads(list);
  d.children = list;
  return d;
}

/** classMember returns the declaration of a class member, or null. */
function classMember(sf, m) {
  switch (m.kind) {
    case ts.SyntaxKind.MethodDeclaration:
      return Object.assign(def(sf, m, nameOf(sf, m.name), "method"), { body: !!m.body });
    case ts.SyntaxKind.Constructor:
      return Object.assign(def(sf, m, "constructor", "constructor"), { body: !!m.body });
    case ts.SyntaxKind.GetAccessor:
      return def(sf, m, nameOf(sf, m.name), "getter");
    case ts.SyntaxKind.SetAccessor:
      return def(sf, m, nameOf(sf, m.name), "setter");
    case ts.SyntaxKind.PropertyDeclaration:
      return def(sf, m, nameOf(sf, m.name), "property");
  }
  return null;
}

/** typeMember returns the declaration of an interface or type literal member, or null. */
function typeMember(sf, m) {
  switch (m.kind) {
    case ts.SyntaxKind.MethodSignature:
      return Object.assign(def(sf, m, nameOf(sf, m.name), "method"), { body: false });
    case ts.SyntaxKind.ConstructSignature:
      return Object.assign(def(sf, m, "new", "constructor"), { body: false });
    case ts.SyntaxKind.PropertySignature:
      return def(sf, m, nameOf(sf, m.name), "property");
    case ts.SyntaxKind.GetAccessor:
      return def(sf, m, nameOf(sf, m.name), "getter");
    case ts.SyntaxKind.SetAccessor:
      return def(sf, m, nameOf(sf, m.name), "setter");
  }
  return null;
}

/**
 * overloads marks runs of consecutive declarations of one name and kind in which every one but
 * the last has no body (overload signatures, then maybe the implementation) with the lines of the
 * whole run, which readmap maps as one symbol.
 */
function overloads(list) {
  for (let i = 0; i < list.length;) {
    let j = i;
    while (j + 1 < list.length && list[j].body === false && list[j + 1].name === list[i].name &&
           list[j + 1].kind === list[i].kind) {
      j++;
    }
    if (j > i) {
      for (let k = i; k <= j; k++) {
        list[k].group_start = list[i].start;
        list[k].group_end = list[j].end;
      }
    }
    i = j + 1;
  }
}
