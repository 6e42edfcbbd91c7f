/**
 * V8's file-wide compile hint (Chromium 136 and later; other browsers read a comment). A script
 * that starts with it has every function compiled as the script is loaded, on the background
 * thread that streams it, rather than each on the main thread as it is first called; for a classic
 * script, that compiled code is kept in the code cache with the rest. Only for scripts whose
 * functions the page's first render mostly calls: the others would be compiled for nothing.
 */
export const ALL_FUNCTIONS_CALLED_ON_LOAD = '//# allFunctionsCalledOnLoad\n';

/** `code` with the hint as its first line, which is where V8 looks for it. */
export function withCompileHint(code: string): string {
  return code.startsWith(ALL_FUNCTIONS_CALLED_ON_LOAD) ? code : ALL_FUNCTIONS_CALLED_ON_LOAD + code;
}
