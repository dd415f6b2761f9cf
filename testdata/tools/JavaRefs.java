// JavaRefs prints every name a Java file uses, by javac's own parser: the reference for the
// differential test of `readmap refs` on Java (cmd/readmap/refs_test.go).
//
// Usage: java --add-exports jdk.compiler/com.sun.tools.javac.tree=ALL-UNNAMED JavaRefs.java FILE...
//
// For each file it prints lines "use<TAB>FILE<TAB>LINE<TAB>NAME": every identifier of the source
// (a simple name, the name after a dot, a method reference's name, an annotation's name, a
// label after break or continue) and
// every name a local declaration gives (a local variable, a parameter, a type parameter, a
// label), but not the names of what a map shows as defined: classes, interfaces, enums, records,
// methods, constructors, fields and enum constants. It prints "decl<TAB>FILE<TAB>LINE<TAB>NAME"
// for those. A name's line is the line of its first character, as javac positions it.
import com.sun.source.tree.*;
import com.sun.source.util.*;
import com.sun.tools.javac.tree.JCTree;
import java.io.PrintWriter;
import java.util.*;
import javax.lang.model.element.Name;
import javax.tools.*;

public class JavaRefs {
    public static void main(String[] args) throws Exception {
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        StandardJavaFileManager files = compiler.getStandardFileManager(null, null, null);
        JavacTask task = (JavacTask) compiler.getTask(null, files, d -> {}, List.of("-proc:none"), null,
                files.getJavaFileObjectsFromStrings(Arrays.asList(args)));
        PrintWriter out = new PrintWriter(System.out);
        SourcePositions positions = Trees.instance(task).getSourcePositions();
        for (CompilationUnitTree unit : task.parse()) {
            String path = unit.getSourceFile().getName();
            LineMap lines = unit.getLineMap();
            new TreeScanner<Void, Void>() {
                final Deque<Tree> parents = new ArrayDeque<>();

                void print(String kind, long pos, Name name) {
                    String s = name.toString();
                    if (pos < 0 || s.isEmpty() || s.equals("<init>") || s.equals("<error>") || !Character.isJavaIdentifierStart(s.charAt(0))) {
                        return;
                    }
                    out.println(kind + "\t" + path + "\t" + lines.getLineNumber(pos) + "\t" + s);
                }

                @Override
                public Void scan(Tree tree, Void v) {
                    if (tree == null) {
                        return null;
                    }
                    parents.push(tree);
                    try {
                        return super.scan(tree, v);
                    } finally {
                        parents.pop();
                    }
                }

                Tree parent() {
                    Iterator<Tree> it = parents.iterator();
                    it.next(); // the tree itself
                    return it.hasNext() ? it.next() : null;
                }

                @Override
                public Void visitIdentifier(IdentifierTree t, Void v) {
                    print("use", positions.getStartPosition(unit, t), t.getName());
                    return super.visitIdentifier(t, v);
                }

                @Override
                public Void visitMemberSelect(MemberSelectTree t, Void v) {
                    // The name after the dot ends the expression.
                    print("use", positions.getEndPosition(unit, t) - t.getIdentifier().length(), t.getIdentifier());
                    return super.visitMemberSelect(t, v);
                }

                @Override
                public Void visitMemberReference(MemberReferenceTree t, Void v) {
                    Name name = t.getName();
                    if (!name.contentEquals("<init>")) {
                        long end = positions.getEndPosition(unit, t);
                        print("use", end - name.length(), name);
                    }
                    return super.visitMemberReference(t, v);
                }

                @Override
                public Void visitClass(ClassTree t, Void v) {
                    print("decl", ((JCTree) t).pos, t.getSimpleName());
                    return super.visitClass(t, v);
                }

                @Override
                public Void visitMethod(MethodTree t, Void v) {
                    print("decl", ((JCTree) t).pos, t.getName());
                    return super.visitMethod(t, v);
                }

                @Override
                public Void visitVariable(VariableTree t, Void v) {
                    boolean member = parent() instanceof ClassTree;
                    int pos = ((JCTree) t).pos;
                    print(member ? "decl" : "use", pos, t.getName());
                    if (t.getType() != null && positions.getStartPosition(unit, t.getType()) == pos) {
                        // An enum constant: javac gives it a type and a "new" of its enum, both
                        // made up at the constant's name. Only its arguments and body are source.
                        scan(t.getModifiers(), v);
                        if (t.getInitializer() instanceof NewClassTree init) {
                            scan(init.getArguments(), v);
                            scan(init.getClassBody(), v);
                        }
                        return null;
                    }
                    return super.visitVariable(t, v);
                }

                @Override
                public Void visitTypeParameter(TypeParameterTree t, Void v) {
                    print("use", positions.getStartPosition(unit, t), t.getName());
                    return super.visitTypeParameter(t, v);
                }

                @Override
                public Void visitLabeledStatement(LabeledStatementTree t, Void v) {
                    print("use", positions.getStartPosition(unit, t), t.getLabel());
                    return super.visitLabeledStatement(t, v);
                }

                @Override
                public Void visitBreak(BreakTree t, Void v) {
                    if (t.getLabel() != null) {
                        print("use", positions.getStartPosition(unit, t), t.getLabel()); // on the line of break
                    }
                    return super.visitBreak(t, v);
                }

                @Override
                public Void visitContinue(ContinueTree t, Void v) {
                    if (t.getLabel() != null) {
                        print("use", positions.getStartPosition(unit, t), t.getLabel()); // on the line of continue
                    }
                    return super.visitContinue(t, v);
                }
            }.scan(unit, null);
        }
        out.flush();
    }
}
