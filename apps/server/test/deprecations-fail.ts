// A deprecation warned by Node or a dependency fails the test that caused it, where the warning
// names the call, instead of one line in the run's output that nobody reads. (pg warns when a
// connection is handed a query while another waits behind the running one, as Promise.all on a
// transaction's connection does.)
process.throwDeprecation = true;
