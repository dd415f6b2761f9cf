// tsrefs prints every name a JavaScript or TypeScript file uses, by TypeScript's own parser: the
// reference for the differential test of `readmap refs` on JavaScript
// (cmd/readmap/refs_tsc_test.go).
//
//   node tsrefs.js TYPESCRIPT_JS FILE...
//
// It prints lines "use<TAB>FILE<TAB>LINE<TAB>NAME" for every identifier of the source (outside
// comments and strings, as the parser sees it), and "decl<TAB>FILE<TAB>LINE<TAB>NAME" instead
// for the name of what a map shows as defined, as tsdefs.js lists it: what a file's top level,
// its namespaces and modules, and its classes, interfaces and enums declare (functions, classes,
// methods, accessors, properties, types, enums and their members, variables, CommonJS and
// prototype assignments), never what is inside a function body but for the containers of
// functions tsdefs.js looks into (module wrappers, object literals of functions, the module
// pattern, top-level `exports.X = value`). Lines are 1-based.
"use strict";

const { ts, parse, unwrap, invokedBody, hasContents, isFunctionValue } = require("./tsdefs.js");

for (const path of process.argv.slice(3)) {
  const sf = parse(path);
  const declared = new Set();
  statements(sf.statements, declared, true);
  const out = [];
  const visit = (node) => {
    if (ts.isIdentifier(node)) {
      const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
      out.push(`${declared.has(node) ? "decl" : "use"}\t${path}\t${line}\t${node.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  if (out.length) process.stdout.write(out.join("\n") + "\n");
}

/** add puts a declaration's name node into declared, when it is an identifier. */
function add(name, declared) {
  if (name && ts.isIdentifier(name)) declared.add(name);
}

/**
 * statements adds the names declared among a file's or a module block's statements; top is set
 * for the file's own, where module wrappers are looked into.
 */
function statements(list, declared, top) {
  for (const s of list) {
    switch (s.kind) {
      case ts.SyntaxKind.FunctionDeclaration:
      case ts.SyntaxKind.TypeAliasDeclaration:
        add(s.name, declared);
        break;
      case ts.SyntaxKind.ClassDeclaration:
      case ts.SyntaxKind.InterfaceDeclaration:
      case ts.SyntaxKind.EnumDeclaration:
        add(s.name, declared);
        members(s.members, declared);
        break;
      case ts.SyntaxKind.ModuleDeclaration: {
        let body = s;
        while (body && ts.isModuleDeclaration(body)) {
          add(body.name, declared);
          body = body.body;
        }
        if (body && ts.isModuleBlock(body)) statements(body.statements, declared, false);
        break;
      }
      case ts.SyntaxKind.VariableStatement:
        for (const v of s.declarationList.declarations) {
          if (isRequire(v.initializer)) continue; // an import, not a definition
          add(v.name, declared);
          if (v.initializer && ts.isClassExpression(v.initializer)) members(v.initializer.members, declared);
          else if (ts.isIdentifier(v.name) && hasContents(v.initializer)) contents(v.initializer, declared);
        }
        break;
      case ts.SyntaxKind.ExpressionStatement: {
        const e = s.expression;
        if (top && ts.isCallExpression(unwrap(e))) {
          const call = unwrap(e);
          for (const f of [call.expression, ...call.arguments].map(unwrap)) {
            if (f && isFunctionValue(f) && f.body && ts.isBlock(f.body)) statements(f.body.statements, declared, true);
          }
        } else if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
            ts.isPropertyAccessExpression(e.left)) {
          if (isFunctionValue(e.right)) {
            add(e.left.name, declared);
          } else if (ts.isClassExpression(e.right)) {
            add(e.left.name, declared);
            members(e.right.members, declared);
          } else if (hasContents(e.right)) {
            // exports.Util = {...}; C.prototype = {...} defines C there.
            const o = e.left.expression;
            add(e.left.name.text !== "prototype" ? e.left.name : ts.isPropertyAccessExpression(o) ? o.name : o, declared);
            contents(e.right, declared);
          } else if (top && /^(module\.)?exports$/.test(e.left.expression.getText()) && !ts.isVoidExpression(e.right)) {
            add(e.left.name, declared);
          }
        }
        break;
      }
      case ts.SyntaxKind.ExportAssignment: {
        const e = s.expression;
        if (ts.isClassExpression(e)) {
          add(e.name, declared);
          members(e.members, declared);
        } else if (isFunctionValue(e)) {
          add(e.name, declared);
        }
        break;
      }
    }
  }
}

/** contents adds the names of what a container value holds, as tsdefs.js lists them. */
function contents(v, declared) {
  v = unwrap(v);
  if (!ts.isObjectLiteralExpression(v)) {
    statements(invokedBody(v).statements, declared, false);
    return;
  }
  for (const p of v.properties) {
    if (ts.isMethodDeclaration(p) || ts.isGetAccessor(p) || ts.isSetAccessor(p)) {
      add(p.name, declared);
    } else if (ts.isPropertyAssignment(p) && !ts.isComputedPropertyName(p.name)) {
      const value = unwrap(p.initializer);
      if (isFunctionValue(value)) {
        add(p.name, declared);
      } else if (ts.isClassExpression(value)) {
        add(p.name, declared);
        members(value.members, declared);
      } else if (hasContents(value)) {
        add(p.name, declared);
        contents(value, declared);
      }
    }
  }
}

/** members adds the names of a class's, interface's or enum's members. */
function members(list, declared) {
  for (const m of list) {
    switch (m.kind) {
      case ts.SyntaxKind.MethodDeclaration:
      case ts.SyntaxKind.MethodSignature:
      case ts.SyntaxKind.GetAccessor:
      case ts.SyntaxKind.SetAccessor:
      case ts.SyntaxKind.PropertyDeclaration:
      case ts.SyntaxKind.PropertySignature:
      case ts.SyntaxKind.EnumMember:
        add(m.name, declared);
    }
  }
}

/** isRequire reports whether e is a `require("x")` call, maybe awaited. */
function isRequire(e) {
  while (e && ts.isAwaitExpression(e)) e = e.expression;
  return !!e && ts.isCallExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === "require" &&
    e.arguments.length === 1 && ts.isStringLiteralLike(e.arguments[0]);
}
