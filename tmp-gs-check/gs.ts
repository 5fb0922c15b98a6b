export default async function () { return async () => { process.exitCode = 1; console.error('teardown says fail'); }; }
