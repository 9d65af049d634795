import { deployedCertification } from './src/bench/certification.ts';
const [d, cpu] = await deployedCertification({ reportsDir: '/tmp/benchdep', latencyMs: 50, log: () => {} });
console.log(d.summary); console.log(cpu.summary, cpu.value);
export {};
