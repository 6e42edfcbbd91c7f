import { ALL_FUNCTIONS_CALLED_ON_LOAD, withCompileHint } from '../../web/vite-plugins/compile-hint';

describe('withCompileHint', () => {
  it("puts V8's compile hint on the script's first line, once", () => {
    const code = 'const a=1;export{a};\n';
    const hinted = withCompileHint(code);
    expect(hinted.split('\n')[0]).toBe('//# allFunctionsCalledOnLoad');
    expect(hinted.slice(ALL_FUNCTIONS_CALLED_ON_LOAD.length)).toBe(code);
    expect(withCompileHint(hinted)).toBe(hinted);
  });
});
