export { seedEssentials, DEFAULT_SETTINGS, type EssentialsOptions } from './essentials.ts';
export { seedDemoData, DEMO_PASSWORD, type DemoOptions } from './demo.ts';
