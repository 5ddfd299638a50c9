// The public face of core/text: the suggestion format, shop links and file-name rules.

export * from './suggestionTypes';
export * from './suggestions';
export * from './shopLink';
export * from './fileNames';
