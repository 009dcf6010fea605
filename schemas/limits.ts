/**
 * Size limits every dictionary obeys, wherever it comes from (files, the content store,
 * the Studio). They sit far above what the site needs (the bundled copy's largest file
 * is under 20 KB, its longest text about 500 characters, its longest list 8 items) and
 * far below what would hurt the build, the Studio or an editor's reading of a report.
 */
export const LIMITS = {
  /** Bytes of one dictionary file. */
  fileBytes: 2 * 1024 * 1024,
  /** Characters (UTF-16 code units) of one text in one language. */
  textLength: 10_000,
  /** Items of one list. */
  listItems: 1_000,
  /** Nesting of objects and lists in one file; dictionaries nest less than 10 deep. */
  depth: 64,
  /** Problems printed by the scripts before "… and N more". */
  problemsShown: 50,
} as const;
