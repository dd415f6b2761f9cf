package indexer

// MappersVersion numbers what the mappers make of a file. Every row records the version that
// mapped it, and a row of another version is mapped again by the next query or index run even
// when its file is unchanged: after an upgrade, no map comes from older mappers.
//
// Raise it with any change to what a mapper returns. TestMappersVersion enforces this: it keeps
// a digest of the maps of every fixture and corpus file beside the version that made them
// (testdata/golden/mappers-version.txt), and fails when the maps change under the same version.
// It sees only testdata: a fix that changes maps of other files alone (found on system headers,
// say) needs the raise by hand.
const MappersVersion = 10
