"""Print the mapping keys of YAML files with their line ranges, as PyYAML's composer sees them.

Usage: python3 yaml_keys.py FILE...
Output, one key a line: FILE<TAB>DEPTH<TAB>START<TAB>END<TAB>KEY, lines 1-based. A key's range
runs from its line to the last line holding its value (trailing blank lines left out). DEPTH counts
the enclosing keys and mapping items, as readmap nests them. Files PyYAML rejects are reported
as FILE<TAB>error.
"""
import sys

import yaml


class Loader(yaml.SafeLoader):
    """A loader whose aliases stay where they are written: a scalar "*name" at the alias."""

    def compose_node(self, parent, index):
        if self.check_event(yaml.AliasEvent):
            event = self.get_event()
            return yaml.ScalarNode("tag:yaml.org,2002:str", "*" + event.anchor, event.start_mark, event.end_mark)
        return super().compose_node(parent, index)


def main():
    for path in sys.argv[1:]:
        with open(path, "rb") as f:
            data = f.read()
        try:
            text = data.decode("utf-8")
            docs = [d for d in yaml.compose_all(text, Loader=Loader) if d is not None]
        except Exception:  # noqa: BLE001 - any rejection just skips the file
            print(f"{path}\terror")
            continue
        lines = text.split("\n")
        out = []
        base = 1 if len(docs) > 1 else 0
        for doc in docs:
            walk(doc, base, lines, out, set())
        for depth, start, end, key in out:
            print(f"{path}\t{depth}\t{start}\t{end}\t{key}")


def last_line(node, lines, seen):
    """The 1-based last line holding node's content."""
    if id(node) in seen:
        return 0
    if isinstance(node, yaml.ScalarNode):
        line, col = node.end_mark.line, node.end_mark.column
        if col == 0:
            line -= 1
        while line > node.start_mark.line and lines[line].strip() == "":
            line -= 1
        return line + 1
    seen = seen | {id(node)}
    end = node.start_mark.line + 1
    if node.flow_style:
        # A flow collection ends at its closing bracket.
        line, col = node.end_mark.line, node.end_mark.column
        return line + 1 if col > 0 else line
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            end = max(end, last_line(k, lines, seen), last_line(v, lines, seen))
    else:
        for v in node.value:
            end = max(end, last_line(v, lines, seen))
    return end


def walk(node, depth, lines, out, seen):
    if id(node) in seen:
        return
    seen.add(id(node))
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if not isinstance(k, yaml.ScalarNode):
                continue
            start = k.start_mark.line + 1
            end = max(start, last_line(v, lines, set()) if id(v) not in seen else start)
            if node.flow_style:
                continue  # keys inside {...} are not shown
            out.append((depth, start, end, k.value))
            walk(v, depth + 1, lines, out, seen)
    elif isinstance(node, yaml.SequenceNode) and not node.flow_style:
        for v in node.value:
            # A mapping item is a level of its own in readmap's map.
            walk(v, depth + 1 if isinstance(v, yaml.MappingNode) else depth, lines, out, seen)


if __name__ == "__main__":
    main()
