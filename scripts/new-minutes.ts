/**
 * Creates the minutes page of a new core meeting from the template:
 *   npm run new:minutes -- 2025-11-12
 * Refuses a malformed or impossible date and a date that already has a page.
 */
import {existsSync, writeFileSync} from 'node:fs';
import path from 'node:path';

export const MINUTES_DIR = path.resolve(import.meta.dirname, '../community/minutes');

/** Returns an error message for a bad date, or null when the date is valid. */
export function checkDate(date: string | undefined): string | null {
  if (!date) return 'Give the meeting date: npm run new:minutes -- YYYY-MM-DD';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return `"${date}" is not a date in the form YYYY-MM-DD.`;
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date) {
    return `"${date}" is not a real calendar date.`;
  }
  return null;
}

export function minutesTemplate(date: string): string {
  return `---
title: "Core meeting, ${date}"
sidebar_label: "${date}"
description: "Record of the conda-forge core meeting of ${date}."
tags: [meeting-notes]
# The main subjects, shown beside the date in the minutes index: the ### headings under Topics.
# A meeting that left no record has no topics but a reason instead, e.g. no_notes: "cancelled".
topics: ["First topic"]
---

## Summary

Two to four sentences: what the meeting covered and what came out of it.

## Topics

### First topic

What was discussed and the outcome.

## Decisions

- Each decision in one line.

## Follow-ups

- Each action — the role or team that takes it (never a person's name).
`;
}

/** Writes the page; returns its path or throws with a readable message. */
export function createMinutes(date: string | undefined, dir = MINUTES_DIR): string {
  const problem = checkDate(date);
  if (problem) throw new Error(problem);
  const file = path.join(dir, `${date}.md`);
  if (existsSync(file)) throw new Error(`Minutes for ${date} already exist: ${path.relative(process.cwd(), file)}`);
  writeFileSync(file, minutesTemplate(date as string), {flag: 'wx'});
  return file;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) {
  try {
    const file = createMinutes(process.argv[2]);
    console.log(`Created ${path.relative(process.cwd(), file)}. Fill in the record, then run npm test.`);
  } catch (error) {
    console.error(`new:minutes: ${(error as Error).message}`);
    process.exit(1);
  }
}
