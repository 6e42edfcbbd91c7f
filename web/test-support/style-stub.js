// Jest stand-in for stylesheet and font imports (see the web project in /jest.config.js).
export default {};
