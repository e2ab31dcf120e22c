// Jest (CommonJS) with the jsdom environment as msw documents it: jest-fixed-jsdom on top of the
// README's jest.config.js. The setup file fails the run unless the tests really run in jsdom.
module.exports = {
  ...require('./jest.config.js'),
  testEnvironment: 'jest-fixed-jsdom',
  setupFiles: ['<rootDir>/assert-jsdom.cjs'],
}
