package lang

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestScalaRanges covers what real Scala files showed the grammar gets wrong: a body on its own
// line after a class header, and the comments after a def whose body is on the lines below.
func TestScalaRanges(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"class body on the line after the header", `package a
package b

/** Doc. */
@SerialVersionUID(2L)
class HashMap[A, +B] extends AbstractMap[A, B]
                        with Serializable
{
  def get(key: A): Option[B] =
    get0(key, 0)

  def size: Int = 0
}

object HashMap {
  def empty = 1
}
`, []string{"class HashMap [5-13]", "  method HashMap.get [9-10]", "  method HashMap.size [12-12]",
			"object HashMap [15-17]", "  method HashMap.empty [16-16]"}},
		{"comments after a body on the next lines", `object A {
  /** Doc. */
  override def toString =
    (foo bar).last

  /** The mapping. */
  private val vmap: Int =
    3

  // Next.
  def b: Int = 1
}
`, []string{"object A [1-12]", "  method A.toString [3-4]", "  field A.vmap [7-8]", "  method A.b [11-11]"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := mapLines(t, "a.scala", tc.src)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("MapFile(%q) (-want +got):\n%s", tc.src, diff)
			}
			crlf := mapLines(t, "a.scala", strings.ReplaceAll(tc.src, "\n", "\r\n"))
			if diff := cmp.Diff(got, crlf); diff != "" {
				t.Errorf("MapFile with CRLF differs (-LF +CRLF):\n%s", diff)
			}
		})
	}
}
