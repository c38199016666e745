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

Prints one line per record that differs (naming the values) and a count; exits 1 if any differs,
2 on bad usage or when h5dump is missing, 0 otherwise (also when no record has a previous one).
"""
import glob
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
    text = h5dump(path, '-A', '-g', '/summary')
    return dict(re.findall(r'ATTRIBUTE "([^"]+)".*?DATA \{\s*\(0\): ([^\n]+)', text, re.S))


def series(path, name):
    match = re.search(r'DATA \{(.*?)\}', h5dump(path, '-d', name), re.S)
    return match.group(1) if match else None


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
    equal = differ = 0
    for record in sorted(glob.glob(os.path.join(root, '**', 'runs', '*.h5'), recursive=True)):
        previous = record + '.previous'
        if not os.path.isfile(previous):
            continue
        new, old = summary(record), summary(previous)
        bad = [k for k in SUMMARY if new.get(k) != old.get(k)]
        bad += [s for s in SERIES if series(record, s) != series(previous, s)]
        if bad:
            differ += 1
            print(f'{record}: differs from {os.path.basename(previous)} in {", ".join(bad)}')
        else:
            equal += 1
    print(f'compare-previous: {equal} records equal to their previous ones in every learned value, {differ} differ')
    return 1 if differ else 0


if __name__ == '__main__':
    sys.exit(main())
