package lang

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestDockerfileMapper(t *testing.T) {
	runMarkupCases(t, "Dockerfile", []markupCase{
		{"stages up to their last instruction", "ARG V=1\nFROM golang:1.22 AS build\nWORKDIR /src\nRUN make\n\n# final\nFROM scratch\nCOPY --from=build /app /app\nENTRYPOINT [\"/app\"]\n", []string{
			"var V [1-1]",
			"stage build [2-4]",
			"  property WORKDIR [3-3]",
			"stage scratch [7-9]",
			"  property ENTRYPOINT [9-9]",
		}},
		{"continuations and comments inside them", "FROM a AS b\nRUN x \\\n  # note\n  && y \\\n\n  && z\nEXPOSE 80 \\\n  443\n", []string{
			"stage b [1-8]",
			"  property EXPOSE [7-8]",
		}},
		{"blank lines inside a continuation", "FROM a\nEXPOSE 80 \\\n\n  443\n\n", []string{
			"stage a [1-4]",
			"  property EXPOSE [2-4]",
		}},
		{"heredocs hide instructions", "FROM a\nCOPY <<EOF /x\nFROM fake\nEOF\nRUN <<-'SH' cat <<END\n\techo\n\tSH\nFROM no\nEND\nCMD [\"run\"]\n", []string{
			"stage a [1-10]",
			"  property CMD [10-10]",
		}},
		{"escape directive", "# escape=`\nFROM w AS s\nRUN a `\n  b\nUSER me\n", []string{
			"stage s [2-5]",
			"  property USER [5-5]",
		}},
		{"ENV and ARG variables", "FROM a\nENV A=1 B=\"2 3\"\nENV LEGACY value here\nARG X\n", []string{
			"stage a [1-4]",
			"  var A [2-2]",
			"  var B [2-2]",
			"  var LEGACY [3-3]",
			"  var X [4-4]",
		}},
		{"lower case instructions", "from a as b\nexpose 1\n", []string{
			"stage b [1-2]",
			"  property EXPOSE [2-2]",
		}},
	})
}

func TestDockerfileDetection(t *testing.T) {
	for _, name := range []string{"Dockerfile", "Dockerfile.dev", "build/Dockerfile.app", "Containerfile", "api.dockerfile"} {
		if l := Detect(name, nil); l == nil || l.Name != "Dockerfile" {
			t.Errorf("Detect(%q) = %v, want Dockerfile", name, l)
		}
	}
	if l := Detect("Dockerfiles.md", nil); l != nil && l.Name == "Dockerfile" {
		t.Errorf("Detect(Dockerfiles.md) = Dockerfile")
	}
}

func TestDockerfileImages(t *testing.T) {
	src := "FROM --platform=$BUILDPLATFORM golang:1.22 AS build\nFROM build AS test\nFROM gcr.io/distroless/static\nCOPY --from=build /a /a\nCOPY --from=alpine:3 /b /b\nCOPY --from=0 /c /c\nRUN --mount=type=bind,from=busybox,target=/x true\nFROM scratch\n"
	f := Map(context.Background(), "Dockerfile", []byte(src), Options{})
	if want := []string{"golang:1.22", "gcr.io/distroless/static", "alpine:3", "busybox"}; !cmp.Equal(f.Imports, want) {
		t.Errorf("imports = %q, want %q", f.Imports, want)
	}
}
