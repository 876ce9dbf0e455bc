// Jest stand-in for an imported image file: webpack turns the import into the file's URL.
module.exports = 'test-file-stub';
