#!/usr/bin/env python3
"""Compares regenerated run records with the ones they replaced.

    scripts/compare-previous.py [--except KEY]... [results folder, default results]

For every record <id>.h5 under <folder>/**/runs/ that has a <id>.h5.previous beside it (the name
scripts/set-aside-stale.sh and `contra sweep --rerun` give the record another commit wrote), reads
both with h5dump and compares every learned value: the summary's accuracies (kNN, linear probe,
random-init kNN, the probe's train accuracy and iterations), final loss, embedding std, chance
loss, steps, negatives, K, store size and FLOPs, and the per-epoch (loss, kNN, pretext accuracy,
alignment, uniformity) and per-step (loss, learning rate) series. Times, memory, SHA and timestamps
are not compared: they are the machine's and the commit's, not what was learned.

A commit that changes a default changes every run id (the id hashes the resolved config), so no
<id>.h5 is beside a <id>.h5.previous. `--except KEY` pairs such a previous record with the record
in the same runs/ folder whose config (/config) is equal once KEY is left out of both, and leaves
out the values KEY alone decides: for eval.knn_random_init, knn_top1_random_init. Both records of
a pair must be unique in their folder for that config, or the previous one counts as not
regenerated.

Prints one line per record that differs (naming the values, previous -> new), the largest
difference per value, and a count. A record that h5dump
cannot read (either file), and a <id>.h5.previous with no <id>.h5 beside it (a run not regenerated
yet), are named and counted apart: neither passes for equal. Exits 1 if any record differs, is
unreadable or is not regenerated, 2 on bad usage or when h5dump is missing, 0 otherwise (also when
no record has a previous one).
"""
import os
import re
import tomllib
import shutil
import subprocess
import sys

SUMMARY = ['knn_top1', 'linear_top1', 'knn_top1_random_init', 'linear_train_top1', 'linear_iterations',
           'final_loss', 'embedding_std', 'chance_loss', 'steps', 'negatives', 'K',
           'negatives_store_bytes', 'train_flops_per_step']
# The summary values a config key alone decides, left out of the comparison with --except KEY.
DECIDED_BY = {'eval.knn_random_init': ['knn_top1_random_init']}
SERIES = ['/epochs/loss', '/epochs/knn_top1', '/epochs/pretext_acc', '/epochs/align', '/epochs/uniform',
          '/steps/loss', '/steps/lr']


def h5dump(path, *args):
    return subprocess.run(['h5dump', *args, path], capture_output=True, text=True).stdout


def summary(path):
    """The /summary attributes as text, or None when h5dump cannot read the file."""
    run = subprocess.run(['h5dump', '-A', '-g', '/summary', path], capture_output=True, text=True)
    if run.returncode != 0:
        return None
    return dict(re.findall(r'ATTRIBUTE "([^"]+)".*?DATA \{\s*\(0\): ([^\n]+)', run.stdout, re.S))


ABSENT = '(no such column)'


def series(path, name):
    """The column's values as h5dump prints them; ABSENT when the record has no such dataset (a
    baseline has no /steps), None when it has one that h5dump cannot read."""
    listing = h5dump(path, '-n')
    if not re.search(r'^\s*dataset\s+' + re.escape(name) + r'$', listing, re.M):
        return ABSENT if 'FILE_CONTENTS' in listing else None
    run = subprocess.run(['h5dump', '-d', name, path], capture_output=True, text=True)
    match = re.search(r'DATA \{(.*?)\}', run.stdout, re.S)
    return match.group(1) if match and run.returncode == 0 else None


def abs_difference(a, b):
    """|a - b| for two printed numbers; inf when either is missing or not a number."""
    try:
        return abs(float(a) - float(b))
    except (TypeError, ValueError):
        return float('inf')


def config_except(path, keys):
    """The record's resolved config (/config) without `keys` (section.key), as a comparable text."""
    match = re.search(r'\(0\): "(.*)"\s*(?:\}\s*)+\Z', h5dump(path, '-a', '/config').strip(), re.S)
    if not match:
        return None
    try:
        config = tomllib.loads('\n'.join(line.strip() for line in match.group(1).split('\n')))
    except tomllib.TOMLDecodeError:
        return None
    for key in keys:
        section, _, name = key.partition('.')
        config.get(section, {}).pop(name, None)
    return repr(sorted((section, sorted(values.items())) for section, values in config.items()))


def pair_by_config(folder, keys):
    """{previous record: new record} for the records in `folder` whose configs match without `keys`."""
    news, olds = {}, {}
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        target = news if name.endswith('.h5') else olds if name.endswith('.h5.previous') else None
        if target is not None:
            target.setdefault(config_except(path, keys), []).append(path)
    return {old[0]: news[c][0] for c, old in olds.items()
            if c is not None and len(old) == 1 and len(news.get(c, [])) == 1}


def previous_records(root):
    """Every runs/<id>.h5.previous under root, walked (a folder name is never read as a pattern)."""
    for folder, _, files in sorted(os.walk(root)):
        if os.path.basename(folder) != 'runs':
            continue
        for name in sorted(files):
            if name.endswith('.h5.previous'):
                yield os.path.join(folder, name)


def main():
    args, keys = sys.argv[1:], []
    while len(args) >= 2 and args[0] == '--except':
        keys.append(args[1])
        args = args[2:]
    if len(args) > 1 or (args and args[0].startswith('-')):
        print('usage: scripts/compare-previous.py [--except KEY]... [results folder]', file=sys.stderr)
        return 2
    unknown = [k for k in keys if '.' not in k]
    if unknown:
        print(f"compare-previous: --except {unknown[0]}: not a section.key name", file=sys.stderr)
        return 2
    root = args[0] if args else 'results'
    if not os.path.isdir(root):
        print(f"compare-previous: no folder '{root}'", file=sys.stderr)
        return 2
    if shutil.which('h5dump') is None:
        print('compare-previous: h5dump not found (Debian package hdf5-tools; scripts/setup.sh installs it)',
              file=sys.stderr)
        return 2
    equal = differ = unreadable = missing = 0
    largest = {}  # summary value -> the largest |new - previous| among the records that differ in it
    pairs = {}  # with --except: previous record -> the new one with its config, per runs/ folder
    skipped = [v for k in keys for v in DECIDED_BY.get(k, [])]
    for previous in previous_records(root):
        record = previous[:-len('.previous')]
        if keys and not os.path.isfile(record):
            folder = os.path.dirname(previous)
            if folder not in pairs:
                pairs[folder] = pair_by_config(folder, keys)
            record = pairs[folder].get(previous, record)
        if not os.path.isfile(record):
            missing += 1
            print(f'{previous}: no {os.path.basename(record)} beside it (not regenerated)')
            continue
        new, old = summary(record), summary(previous)
        if new is None or old is None:
            unreadable += 1
            print(f'{record if new is None else previous}: h5dump cannot read it')
            continue
        keys_differ = [k for k in SUMMARY if k not in skipped and new.get(k) != old.get(k)]
        for k in keys_differ:
            largest[k] = max(largest.get(k, 0.0), abs_difference(old.get(k), new.get(k)))
        bad = [f'{k} ({old.get(k)} -> {new.get(k)})' for k in keys_differ]
        columns = {s: (series(record, s), series(previous, s)) for s in SERIES}
        lost = [s for s, (a, b) in columns.items() if a is None or b is None]
        if lost:  # a column h5dump cannot read is no evidence of equality, even on both sides
            # (one absent from both records, as a baseline's /steps, is equal)
            unreadable += 1
            print(f'{record}: h5dump cannot read {", ".join(lost)} here or in {os.path.basename(previous)}')
            continue
        bad += [s for s, (a, b) in columns.items() if a != b]
        if bad:
            differ += 1
            print(f'{record}: differs from {os.path.basename(previous)} in {", ".join(bad)}')
        else:
            equal += 1
    for k, d in largest.items():
        print(f'compare-previous: largest difference in {k}: {d:g}')
    print(f'compare-previous: {equal} records equal to their previous ones in every learned value, {differ} differ, '
          f'{unreadable} unreadable, {missing} not regenerated')
    return 1 if differ or unreadable or missing else 0


if __name__ == '__main__':
    sys.exit(main())
