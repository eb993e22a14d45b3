//! SE's chaining family (`Chaining` in SE's source): bidirectional cycles, forcing X-, Y-
//! and XY-chains, Nishio, multiple (cell and region) and dynamic forcing chains.
