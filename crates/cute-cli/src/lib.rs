//! The parts of the `cute` command that are more than argument parsing: the playground's
//! evaluation answer ([`page`]) shared by `cute serve` and `cute html`, and the HTTP server
//! ([`serve`]).

pub mod page;
pub mod serve;
