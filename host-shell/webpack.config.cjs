const { createConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createConfig({
  name: 'host_shell',
  dir: __dirname,
  port: 4200,
  publicPath: '/',
  isHost: true,
});
