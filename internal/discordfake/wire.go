package discordfake

import "github.com/bwmarrin/discordgo"

// wireChannel is a channel as Discord's answers and events carry it. f.mu is held.
func (f *Fake) wireChannel(c *discordgo.Channel) any { return c }
