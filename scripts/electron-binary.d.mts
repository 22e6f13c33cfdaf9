export function electronBinary(): string | undefined;
