// Moved to src/testing/; kept until the exercise page's test imports it from there.
export * from '../../../testing/stub-api';
