"""Checks that a file is Bencher Metric Format (BMF) JSON, by the field
names and types of Bencher's published schema (bencher.dev/bmf.json):
an object of benchmarks (name: at most 1024 characters), each an object
of measures (name or slug: at most 64), each an object with a number
"value" and, optionally, "lower_value" and "upper_value" (no other
member); here also lower <= value <= upper, no NaN or infinity (not JSON)
and no name twice.  Prints one line per problem and exits 1 (2 for an
unreadable file); prints "BENCHMARKS MEASURE..." and exits 0 when valid.
Usage: bmf_check.py FILE"""

import json
import math
import sys

FIELDS = ("value", "lower_value", "upper_value")


def unique_members(pairs):
    names = [name for name, _ in pairs]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise ValueError(f"a name twice: {twice[0]!r}")
    return dict(pairs)


def not_json(constant):
    raise ValueError(f"{constant} is not JSON")


def problems(document):
    if not isinstance(document, dict) or not document:
        return ["the top level is not a non-empty object of benchmarks"]
    found = []
    for name, measures in document.items():
        if not name or len(name) > 1024:
            found.append(f"benchmark name {name!r}: 1 to 1024 characters")
        if not isinstance(measures, dict) or not measures:
            found.append(f"{name}: not a non-empty object of measures")
            continue
        for measure, metric in measures.items():
            where = f"{name}: {measure}"
            if not measure or len(measure) > 64:
                found.append(f"{where}: a measure name of 1 to 64 characters")
            if not isinstance(metric, dict) or "value" not in metric:
                found.append(f"{where}: no \"value\"")
                continue
            extra = sorted(set(metric) - set(FIELDS))
            if extra:
                found.append(f"{where}: members beyond the schema's: {extra}")
            numbers = {key: metric[key] for key in FIELDS if key in metric}
            if any(isinstance(v, bool) or not isinstance(v, (int, float))
                   or not math.isfinite(v) for v in numbers.values()):
                found.append(f"{where}: a value that is not a finite number")
                continue
            if ("lower_value" in numbers) != ("upper_value" in numbers):
                found.append(f"{where}: one bound without the other")
            elif "lower_value" in numbers and not (
                    numbers["lower_value"] <= numbers["value"]
                    <= numbers["upper_value"]):
                found.append(f"{where}: value outside its bounds")
    return found


def main(path):
    try:
        with open(path, encoding="utf-8") as handle:
            document = json.load(handle, object_pairs_hook=unique_members,
                                 parse_constant=not_json)
    except (OSError, ValueError) as error:
        print(f"{path}: not BMF JSON: {error}")
        return 2 if isinstance(error, OSError) else 1
    found = problems(document)
    for line in found:
        print(f"{path}: {line}")
    if found:
        return 1
    measures = sorted({m for measures in document.values() for m in measures})
    print(len(document), " ".join(measures))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
