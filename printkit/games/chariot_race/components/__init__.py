"""The component types only this game prints, registered like an installed plug-in."""
