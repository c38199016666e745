#!/usr/bin/env python3
"""Compares regenerated run records with the ones they replaced.

    scripts/compare-previous.py [results folder, default results]

For every record <id>.h5 under <folder>/**/runs/ that has a <id>.h5.previous beside it (the name
scripts/set-aside-stale.sh and `contra sweep --rerun` give the record another commit wrote), reads
both with h5dump and compares every learned value: the summary's accuracies (kNN, linear probe,
random-init kNN, the probe's train accuracy and iterations), final loss, embedding std, chance
loss, steps, negatives, K, store size and FLOPs, and the per-epoch (loss, kNN, pretext accuracy,
alignment, uniformity) and per-step (loss, learning rate) series. Times, memory, SHA and timestamps
are not compared: they are the machine's and the commit's, not what was learned.

Prints one line per record that differs (naming the values) and a count. A record that h5dump
cannot read (either file), and a <id>.h5.previous with no <id>.h5 beside it (a run not regenerated
yet), are named and counted apart: neither passes for equal. Exits 1 if any record differs, is
unreadable or is not regenerated, 2 on bad usage or when h5dump is missing, 0 otherwise (also when
no record has a previous one).
"""
import os
import re
import shutil
import subprocess
import sys

SUMMARY = ['knn_top1', 'linear_top1', 'knn_top1_random_init', 'linear_train_top1', 'linear_iterations',
           'final_loss', 'embedding_std', 'chance_loss', 'steps', 'negatives', 'K',
           'negatives_store_bytes', 'train_flops_per_step']
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


def series(path, name):
    match = re.search(r'DATA \{(.*?)\}', h5dump(path, '-d', name), re.S)
    return match.group(1) if match else None


def previous_records(root):
    """Every runs/<id>.h5.previous under root, walked (a folder name is never read as a pattern)."""
    for folder, _, files in sorted(os.walk(root)):
        if os.path.basename(folder) != 'runs':
            continue
        for name in sorted(files):
            if name.endswith('.h5.previous'):
                yield os.path.join(folder, name)


def main():
    if len(sys.argv) > 2:
        print('usage: scripts/compare-previous.py [results folder]', file=sys.stderr)
        return 2
    root = sys.argv[1] if len(sys.argv) == 2 else 'results'
    if not os.path.isdir(root):
        print(f"compare-previous: no folder '{root}'", file=sys.stderr)
        return 2
    if shutil.which('h5dump') is None:
        print('compare-previous: h5dump not found (Debian package hdf5-tools; scripts/setup.sh installs it)',
              file=sys.stderr)
        return 2
    equal = differ = unreadable = missing = 0
    for previous in previous_records(root):
        record = previous[:-len('.previous')]
        if not os.path.isfile(record):
            missing += 1
            print(f'{previous}: no {os.path.basename(record)} beside it (not regenerated)')
            continue
        new, old = summary(record), summary(previous)
        if new is None or old is None:
            unreadable += 1
            print(f'{record if new is None else previous}: h5dump cannot read it')
            continue
        bad = [k for k in SUMMARY if new.get(k) != old.get(k)]
        bad += [s for s in SERIES if series(record, s) != series(previous, s)]
        if bad:
            differ += 1
            print(f'{record}: differs from {os.path.basename(previous)} in {", ".join(bad)}')
        else:
            equal += 1
    print(f'compare-previous: {equal} records equal to their previous ones in every learned value, {differ} differ, '
          f'{unreadable} unreadable, {missing} not regenerated')
    return 1 if differ or unreadable or missing else 0


if __name__ == '__main__':
    sys.exit(main())
