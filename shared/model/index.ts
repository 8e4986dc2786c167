// The letter model: one import for every process (`shared/model`).

export * from './border';
export * from './channel';
export * from './constants';
export * from './delta';
export * from './enums';
export * from './letter';
export * from './letter-settings';
export * from './new-letter';
export * from './promotion-settings';
export * from './publication';
export * from './section';
export * from './section-factory';
export * from './text-style';

export * from './blocks/ads';
export * from './blocks/button';
export * from './blocks/divider';
export * from './blocks/events';
export * from './blocks/feeds';
export * from './blocks/footer';
export * from './blocks/html';
export * from './blocks/layout';
export * from './blocks/media';
export * from './blocks/poll';
export * from './blocks/promotion';
export * from './blocks/registry';
export * from './blocks/social';
export * from './blocks/text';
export * from './utm';
export * from './letter-text';
export * from './segment';
