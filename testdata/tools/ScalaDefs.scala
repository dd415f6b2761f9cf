// ScalaDefs prints the definitions Scala's own parser (scala.tools.nsc, Scala 2.11) finds in the
// files named on the command line, one per line, tab-separated:
//
//   file  kind  name  startLine  endLine
//
// kind is class, trait, object, package object, def or type. Only members are listed: the
// top level of packages and the bodies of classes, traits and objects; nothing inside a def's or
// a val's body. startLine is the first line of the definition's annotations or modifiers (readmap's
// ranges start there), where nsc's range position starts after them. Lines are 1-based, endLine
// inclusive. Synthetic constructors (a class's primary one, a trait's $init$) are left out;
// a written `def this(...)` is listed as def this.
//
// Build and run it with Debian's Scala 2.11 (package scala):
//
//   scalac -d DIR ScalaDefs.scala
//   java -cp DIR:/usr/share/scala-2.11/lib/scala-library.jar:.../scala-reflect.jar:.../scala-compiler.jar ScalaDefs FILE...
//
// (`scala ScalaDefs.scala` does not do: nsc then looks for the JDK's classes through a class loader
// that cannot see them.)
import scala.reflect.internal.util.BatchSourceFile
import scala.reflect.io.AbstractFile
import scala.tools.nsc.{Global, Settings}
import scala.tools.nsc.reporters.StoreReporter

object ScalaDefs {
  def main(args: Array[String]): Unit = {
    val settings = new Settings(msg => sys.error(msg))
    settings.Yrangepos.value = true
    settings.usejavacp.value = true
    val reporter = new StoreReporter
    val global = new Global(settings, reporter)
    import global._
    new Run

    val out = new java.lang.StringBuilder
    for (path <- args) {
      val source = new BatchSourceFile(AbstractFile.getFile(path))
      val unit = new CompilationUnit(source)
      val tree = newUnitParser(unit).parse()
      for (e <- reporter.infos if e.severity == reporter.ERROR)
        System.err.println(s"$path:${e.pos.line}: ${e.msg}")
      reporter.reset()
      val content = source.content

      def line(offset: Int): Int = source.offsetToLine(offset) + 1

      // first is the offset the definition's text starts at: its first annotation or modifier.
      def first(t: MemberDef): Int = {
        val starts = t.pos.start :: t.mods.annotations.filter(_.pos.isRange).map(_.pos.start) ++
          t.mods.positions.values.filter(_.isRange).map(_.start)
        // An annotation's position starts after its '@'.
        val s = starts.min
        if (s > 0 && content(s - 1) == '@') s - 1 else s
      }

      def emit(t: MemberDef, kind: String, name: String): Unit = {
        val end = math.max(t.pos.start, t.pos.end - 1)
        out.append(path).append('\t').append(kind).append('\t').append(name).append('\t')
          .append(line(first(t))).append('\t').append(line(end)).append('\n')
      }

      // written reports whether a tree comes from the source text rather than from the parser (a
      // class's primary constructor and a trait's $init$ have transparent or offset positions).
      def written(t: Tree): Boolean = t.pos.isOpaqueRange

      def members(stats: List[Tree]): Unit = stats.foreach {
        // A package object is named after the package that holds it: `package object scala` is
        // ModuleDef("package") in PackageDef(scala).
        case PackageDef(pid, body) => body.foreach {
          case t @ ModuleDef(_, nme.PACKAGEkw, impl) if written(t) =>
            emit(t, "package object", pid.name.decoded)
            members(impl.body)
          case t => members(List(t))
        }
        case t @ ModuleDef(_, name, impl) if written(t) =>
          emit(t, "object", name.decoded)
          members(impl.body)
        case t @ ClassDef(mods, name, _, impl) if written(t) =>
          emit(t, if (mods.isTrait) "trait" else "class", name.decoded)
          members(impl.body)
        case t @ DefDef(_, nme.CONSTRUCTOR, _, _, _, _) if written(t) => emit(t, "def", "this")
        case t @ DefDef(_, name, _, _, _, _) if written(t) && name != nme.MIXIN_CONSTRUCTOR =>
          emit(t, "def", name.decoded)
        case t @ TypeDef(_, name, _, _) if written(t) => emit(t, "type", name.decoded)
        case _ =>
      }

      members(List(tree))
    }
    print(out)
  }
}
