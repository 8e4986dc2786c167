export * from './accelerator';
export * from './commands';
export * from './menu-template';
